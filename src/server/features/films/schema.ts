// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../core/schema.js';
import { uploads } from '../uploads/schema.js';

/**
 * Films: what reviews are of (decision 058). A film's figures (`review_count`, `rating_sum`,
 * `histogram`, `last_reviewed_at`) count its visible reviews only: threads in Reviews with a
 * rating, neither hidden nor deleted. A trigger on `posts` keeps them in the same transaction as
 * every write that changes a review (migration 0025), so a film page reads them, never counts.
 * `title_key` is `film_key(title)` (lower case, no diacritics or leading article, single
 * spaces): one film per key and year is created, and the duplicates list pairs keys. A film
 * merged into another keeps its row, pointing at the survivor, so its address redirects.
 */
export const films = pgTable(
  'films',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    titleKey: text('title_key')
      .notNull()
      .generatedAlwaysAs(sql`film_key(title)`),
    /** Null only for films migrated from reviews that named no year, until a moderator sets it. */
    year: smallint('year'),
    originalTitle: text('original_title'),
    director: text('director'),
    posterUploadId: text('poster_upload_id').references(() => uploads.id, {
      onDelete: 'set null',
    }),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    histogram: integer('histogram')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0,0,0,0}'::integer[]`),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    mergedIntoId: bigint('merged_into_id', { mode: 'number' }).references(
      (): AnyPgColumn => films.id,
    ),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => {
    const live = sql`${table.mergedIntoId} is null`;
    return [
      index('films_key_idx').on(table.titleKey, table.year).where(live),
      index('films_reviewed_idx').on(table.reviewCount.desc(), table.id.desc()).where(live),
      index('films_recent_idx').on(table.lastReviewedAt.desc(), table.id.desc()).where(live),
      index('films_title_idx').on(table.titleKey, table.id).where(live),
      index('films_year_idx').on(table.year, table.reviewCount.desc()).where(live),
    ];
  },
);
