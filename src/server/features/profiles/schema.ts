// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../core/schema.js';

/*
 * Profile fields shown on public profile pages. Kept beside the account row (one read for an
 * author card); the avatar is an upload of ours, referenced by its URL.
 */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  location: text('location').notNull().default(''),
  favouriteFilms: text('favourite_films')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
