// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
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
      // Site search: a word of a title or an original title, by trigrams (search/repo.ts).
      index('films_title_trgm_idx').using('gin', sql`${table.titleKey} gin_trgm_ops`),
      index('films_original_trgm_idx').using(
        'gin',
        sql`film_key(coalesce(${table.originalTitle}, '')) gin_trgm_ops`,
      ),
    ];
  },
);

/**
 * Members who follow a film: each hears of its new reviews (notifications, type `film_review`).
 * A merge carries the follows of the film merged away to the survivor.
 */
export const filmFollows = pgTable(
  'film_follows',
  {
    filmId: bigint('film_id', { mode: 'number' })
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key walks one film's followers in member order, a fan-out batch at a time; the second
  // index serves a deleted account's cascade.
  (table) => [
    primaryKey({ columns: [table.filmId, table.userId] }),
    index('film_follows_user_idx').on(table.userId),
  ],
);
