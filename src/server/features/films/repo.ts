import { reviewAuthorColumns, reviewPageIds } from './reviews-sql.js';
import { sql, type SQL } from 'drizzle-orm';
import type { FilmIndexSort, FilmReviewSort } from '../../../shared/films.js';
import { filmLimits } from '../../../shared/films.js';
import type { AuthorColumns } from '../../core/author.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import { queryRows, type Db } from '../../platform/db/query.js';

/** A film as its pages read it: its details and the figures the posts trigger keeps. */
export interface FilmRow {
  id: number | string;
  title: string;
  year: number | null;
  original_title: string | null;
  director: string | null;
  poster_upload_id: string | null;
  review_count: number;
  rating_sum: number;
  histogram: number[];
  last_reviewed_at: string | Date | null;
  merged_into_id: number | string | null;
}

const filmColumns = sql.raw(`f.id, f.title, f.year, f.original_title, f.director,
  f.poster_upload_id, f.review_count, f.rating_sum, f.histogram, f.last_reviewed_at,
  f.merged_into_id`);

/**
 * A film by id; a film merged into another answers the survivor (merges are kept flat: a film
 * merged away points at a film that is not). `lock` takes the row for an edit or a merge;
 * `'share'` holds it against a merge only (a follow).
 */
export async function filmById(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean | 'share'; followMerge?: boolean } = {},
): Promise<FilmRow | undefined> {
  const lock = options.lock === 'share' ? sql` for share` : options.lock ? sql` for update` : sql``;
  const [row] = await queryRows<FilmRow>(
    db,
    sql`select ${filmColumns} from films f where f.id = ${id}${lock}`,
  );
  if (row?.merged_into_id != null && options.followMerge !== false) {
    return filmById(db, Number(row.merged_into_id), { ...options, followMerge: false });
  }
  return row;
}

/** The live film with this title's key and year (`film_key`, migration 0025), if any. */
export async function filmByKey(
  db: DbOrTx,
  title: string,
  year: number | null,
): Promise<FilmRow | undefined> {
  const [row] = await queryRows<FilmRow>(
    db,
    sql`select ${filmColumns} from films f
      where f.title_key = film_key(${title}) and f.year is not distinct from ${year}::smallint
        and f.merged_into_id is null
      order by f.review_count desc, f.id
      limit 1`,
  );
  return row;
}

/**
 * The live film a review names by title alone (older clients): the one film of that key with
 * the most reviews, whatever its year.
 */
export async function filmByTitle(db: DbOrTx, title: string): Promise<FilmRow | undefined> {
  const [row] = await queryRows<FilmRow>(
    db,
    sql`select ${filmColumns} from films f
      where f.title_key = film_key(${title}) and f.merged_into_id is null
      order by f.review_count desc, f.id
      limit 1`,
  );
  return row;
}

/**
 * Holds, until the transaction ends, every other adder of a film with this title's key: the
 * second of two members adding the same film at once then finds the first's.
 */
export async function lockFilmKey(tx: Tx, title: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('film:' || film_key(${title})))`);
}

export interface NewFilm {
  title: string;
  year: number | null;
  originalTitle: string | null;
  director: string | null;
  createdById: string;
}

export async function insertFilm(db: DbOrTx, film: NewFilm): Promise<FilmRow> {
  const [row] = await queryRows<FilmRow>(
    db,
    sql`insert into films as f (title, year, original_title, director, created_by_id)
      values (${film.title}, ${film.year}, ${film.originalTitle}, ${film.director},
        ${film.createdById})
      returning ${filmColumns}`,
  );
  if (!row) throw new Error('insert into films returned no row');
  return row;
}

export interface FilmChanges {
  title?: string;
  year?: number;
  originalTitle?: string | null;
  director?: string | null;
  posterUploadId?: string | null;
}

export async function updateFilm(tx: Tx, id: number, changes: FilmChanges): Promise<FilmRow> {
  const sets: SQL[] = [];
  if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
  if (changes.year !== undefined) sets.push(sql`year = ${changes.year}`);
  if (changes.originalTitle !== undefined) {
    sets.push(sql`original_title = ${changes.originalTitle}`);
  }
  if (changes.director !== undefined) sets.push(sql`director = ${changes.director}`);
  if (changes.posterUploadId !== undefined) {
    sets.push(sql`poster_upload_id = ${changes.posterUploadId}`);
  }
  const assignments = sets.length > 0 ? sql.join(sets, sql`, `) : sql`title = f.title`;
  const [row] = await queryRows<FilmRow>(
    tx,
    sql`update films as f set ${assignments} where f.id = ${id} returning ${filmColumns}`,
  );
  if (!row) throw new Error(`film ${id} vanished under its lock`);
  return row;
}

/**
 * `from` is merged away into `into`: it points at the survivor, and so does every film merged
 * into it before (merges stay one step deep). Its reviews are moved by the forum.
 */
export async function markMerged(tx: Tx, from: number, into: number): Promise<void> {
  await tx.execute(
    sql`update films set merged_into_id = ${into}
      where id = ${from} or merged_into_id = ${from}`,
  );
}

/** The mean rating of every visible review on the site: the prior of the weighted average. */
export async function siteMeanRating(db: Db): Promise<number> {
  const [row] = await queryRows<{ mean: number | string | null }>(
    db,
    sql`select sum(rating_sum)::float / nullif(sum(review_count), 0) as mean
      from films where merged_into_id is null`,
  );
  return row?.mean == null ? 0 : Number(row.mean);
}

export interface FilmIndexFilter {
  sort: FilmIndexSort;
  year?: number | undefined;
  decade?: number | undefined;
  q?: string | undefined;
  page: number;
  /** The site's mean rating, for the best-rated order. */
  siteMean: number;
}

function indexConditions(filter: FilmIndexFilter): SQL {
  const conditions: SQL[] = [sql`f.merged_into_id is null`];
  if (filter.year !== undefined) conditions.push(sql`f.year = ${filter.year}`);
  if (filter.decade !== undefined) {
    conditions.push(sql`f.year between ${filter.decade} and ${filter.decade + 9}`);
  }
  if (filter.q) {
    const pattern = sql`'%' || replace(replace(replace(film_key(${filter.q}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
    conditions.push(
      sql`(f.title_key like ${pattern} or film_key(coalesce(f.original_title, '')) like ${pattern})`,
    );
  }
  // Best rated and recently reviewed list films with reviews only.
  if (filter.sort === 'best-rated' || filter.sort === 'recent') {
    conditions.push(sql`f.review_count > 0`);
  }
  return sql.join(conditions, sql` and `);
}

function indexOrder(filter: FilmIndexFilter): SQL {
  switch (filter.sort) {
    case 'most-reviewed':
      return sql`f.review_count desc nulls last, f.id desc nulls last`;
    case 'best-rated': {
      const prior = filmLimits.priorRatings;
      return sql`(f.rating_sum + ${prior} * ${filter.siteMean}::float)
          / (f.review_count + ${prior}) desc, f.review_count desc, f.id desc`;
    }
    case 'recent':
      return sql`f.last_reviewed_at desc nulls last, f.id desc nulls last`;
    case 'title':
      return sql`f.title_key, f.id`;
  }
}

/** A page of the films index with the number of films the filter finds. */
export async function filmIndexPage(
  db: Db,
  filter: FilmIndexFilter,
): Promise<{ rows: FilmRow[]; total: number }> {
  const where = indexConditions(filter);
  const size = filmLimits.indexPageSize;
  const [rows, [count]] = await Promise.all([
    queryRows<FilmRow>(
      db,
      sql`select ${filmColumns} from films f where ${where}
        order by ${indexOrder(filter)}
        limit ${size} offset ${(filter.page - 1) * size}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from films f where ${where}`,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Films whose title starts with, or else holds, what was typed: the most reviewed first. */
export function suggestFilms(db: Db, typed: string): Promise<FilmRow[]> {
  const escaped = sql`replace(replace(replace(film_key(${typed}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return queryRows<FilmRow>(
    db,
    sql`select ${filmColumns} from films f
      where f.merged_into_id is null and f.title_key like '%' || ${escaped} || '%'
      order by (f.title_key like ${escaped} || '%') desc, f.review_count desc, f.title_key, f.id
      limit ${filmLimits.suggestions}`,
  );
}

/** A review on a film's page: the thread, its rating, the start of its text and its author. */
export interface FilmReviewRow extends AuthorColumns {
  id: number | string;
  title: string;
  rating: number;
  body_start: string;
  reaction_count: number;
  reply_count: number;
  created_at: string | Date;
}

const reviewOrders: Record<FilmReviewSort, SQL> = {
  newest: sql`p.created_at desc nulls last, p.id desc nulls last`,
  highest: sql`p.rating desc nulls last, p.created_at desc nulls last, p.id desc nulls last`,
  lowest: sql`p.rating asc nulls first, p.created_at asc nulls first, p.id asc nulls first`,
  liked: sql`p.reaction_count desc nulls last, p.id desc nulls last`,
};

/**
 * A page of a film's visible reviews in one of its orders, walked in the posts_film_* index of
 * that order: a first page as fast for a film of 5,000 reviews as for one of 5, a deeper one
 * skipping only index entries. Visible is what the figures count (`film_review_counts`): in
 * Reviews, rated, neither hidden nor deleted.
 */
export function filmReviewsPage(
  db: Db,
  filmId: number,
  sort: FilmReviewSort,
  page: number,
): Promise<FilmReviewRow[]> {
  const size = filmLimits.reviewsPageSize;
  return queryRows<FilmReviewRow>(
    db,
    sql`select p.id, p.title, p.rating, left(p.body_source, 600) as body_start,
        p.reaction_count, p.reply_count, p.created_at,
        ${reviewAuthorColumns}
      from posts p
      join users u on u.id = p.author_id
      where p.id in (${reviewPageIds(filmId, reviewOrders[sort], size, (page - 1) * size)})
      order by ${reviewOrders[sort]}`,
  );
}

/**
 * Possible duplicates: live films of the same title key whose years are within one (or not
 * known), the most reviewed pairs first.
 */
export function duplicateFilmPairs(db: Db): Promise<{ a: FilmRow; b: FilmRow }[]> {
  return queryRows<{ a: FilmRow; b: FilmRow }>(
    db,
    sql`select to_jsonb(a) as a, to_jsonb(b) as b
      from films a
      join films b on b.title_key = a.title_key and b.id > a.id and b.merged_into_id is null
      where a.merged_into_id is null
        and (a.year is null or b.year is null or abs(a.year - b.year) <= 1)
      order by a.review_count + b.review_count desc, a.id, b.id
      limit 100`,
  );
}

/** `userId` follows film `filmId` (again: nothing changes). */
export async function followFilm(db: DbOrTx, filmId: number, userId: string): Promise<void> {
  await db.execute(
    sql`insert into film_follows (film_id, user_id) values (${filmId}, ${userId})
      on conflict do nothing`,
  );
}

export async function unfollowFilm(db: DbOrTx, filmId: number, userId: string): Promise<void> {
  await db.execute(sql`delete from film_follows where film_id = ${filmId} and user_id = ${userId}`);
}

/** Whether `userId` follows film `filmId`: one lookup in the key. */
export async function followsFilm(db: DbOrTx, filmId: number, userId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from film_follows where film_id = ${filmId} and user_id = ${userId}`,
  );
  return rows.length > 0;
}

/**
 * A merge carries the follows of `from` to `into`: a member who followed both follows the
 * survivor once.
 */
export async function carryFollows(tx: Tx, from: number, into: number): Promise<void> {
  await tx.execute(
    sql`insert into film_follows (film_id, user_id, created_at)
      select ${into}, user_id, created_at from film_follows where film_id = ${from}
      on conflict do nothing`,
  );
  await tx.execute(sql`delete from film_follows where film_id = ${from}`);
}
