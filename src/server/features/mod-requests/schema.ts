// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../core/schema.js';

/** A user's request to become a moderator; one open request per user at a time. */
export const modRequests = pgTable(
  'mod_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    motivation: text('motivation').notNull(),
    /** open, approved or rejected. */
    status: text('status').notNull().default('open'),
    decidedById: text('decided_by_id').references(() => users.id),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mod_requests_status_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('mod_requests_user_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('mod_requests_one_open_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'open'`),
  ],
);
