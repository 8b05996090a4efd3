// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../core/schema.js';

/** Uploaded images, re-encoded by us; `bytes` counts the image and its thumbnail. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId, table.createdAt.desc())],
);
