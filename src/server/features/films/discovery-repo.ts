import { reviewAuthorColumns, visibleReviewsOf } from './reviews-sql.js';
import { sql } from 'drizzle-orm';
import type { AuthorColumns } from '../../core/author.js';
import { queryRows, type Db } from '../../platform/db/query.js';

/**
 * What search engines and feed readers may read of films: live films (not merged away) with at
 * least one visible review, dated by their latest one; and a film's newest visible reviews
 * (in Reviews, rated, neither hidden nor deleted: what its figures count).
 */
const listedFilm = sql`f.merged_into_id is null and f.review_count > 0`;

/** Raw rows carry bigints and timestamps as text on node-postgres, as values on PGlite. */
const dateOf = (value: Date | string) => new Date(value);

/**
 * The listed films in pages of `pageSize` by id: each page's first and last id and its latest
 * review, in one pass over the films (a page then reads its own id range).
 */
export async function publicFilmPages(
  db: Db,
  pageSize: number,
): Promise<{ first: number; last: number; lastmod: Date }[]> {
  const rows = await queryRows<{
    first: number | string;
    last: number | string;
    lastmod: Date | string;
  }>(
    db,
    sql`select min(id) as first, max(id) as last, max(lastmod) as lastmod
      from (
        select f.id, coalesce(f.last_reviewed_at, f.created_at) as lastmod,
          (row_number() over (order by f.id) - 1) / ${pageSize}::integer as page
        from films f where ${listedFilm}
      ) numbered
      group by page order by page`,
  );
  return rows.map((row) => ({
    first: Number(row.first),
    last: Number(row.last),
    lastmod: dateOf(row.lastmod),
  }));
}

/** Listed films of the id range `first`..`last` past `after`, in id order (the primary key). */
export async function publicFilmsInRange(
  db: Db,
  range: { first: number; last: number; after?: number | undefined; limit: number },
): Promise<{ id: number; title: string; lastmod: Date }[]> {
  const after = range.after === undefined ? sql`` : sql` and f.id > ${range.after}`;
  const rows = await queryRows<{ id: number | string; title: string; lastmod: Date | string }>(
    db,
    sql`select f.id, f.title, coalesce(f.last_reviewed_at, f.created_at) as lastmod
      from films f
      where ${listedFilm} and f.id between ${range.first} and ${range.last}${after}
      order by f.id
      limit ${range.limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    lastmod: dateOf(row.lastmod),
  }));
}

/** A review as a feed carries it: the thread's title, rating, stored HTML and author. */
export interface FeedReviewRow extends AuthorColumns {
  id: number | string;
  title: string;
  rating: number;
  body_html: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * A film's `limit` newest visible reviews, newest first, walked in the film's `newest` index
 * (the order of the film page's `newest` sort).
 */
export function newestFilmReviews(db: Db, filmId: number, limit: number) {
  return queryRows<FeedReviewRow>(
    db,
    sql`select p.id, p.title, p.rating, p.body_html, p.created_at,
        greatest(p.created_at, p.edited_at) as updated_at,
        ${reviewAuthorColumns}
      from ${visibleReviewsOf(filmId)}
      order by p.created_at desc nulls last, p.id desc nulls last
      limit ${limit}`,
  );
}
