import { sql, type SQL } from 'drizzle-orm';

/**
 * A film's visible reviews as its pages and its feed read them: the thread `p` with its author
 * `u`'s columns (core/author.ts `AuthorColumns`), in Reviews, rated, neither hidden nor deleted
 * (what the posts trigger counts, `film_review_counts`), so the partial posts_film_* indexes
 * serve the walk.
 */
export const reviewAuthorColumns = sql.raw(`u.id as author_id, u.name as author_name,
  u.username as author_username, u.display_username as author_display_username,
  u.image as author_image, u.role as author_role, u.deleted_at as author_deleted_at`);

/** Whether thread `p` is a visible review of film `filmId`: every condition the indexes carry. */
export function isVisibleReviewOf(filmId: number): SQL {
  return sql`p.film_id = ${filmId} and p.rating is not null
      and p.deleted_at is null and p.hidden_at is null
      and p.category_id = (select id from categories where slug = 'reviews')`;
}

export function visibleReviewsOf(filmId: number): SQL {
  return sql`posts p
    join users u on u.id = p.author_id
    where ${isVisibleReviewOf(filmId)}`;
}

/**
 * The ids of one page of a film's visible reviews in `order`: read from the posts_film_* index
 * of that order alone (each carries the category), so a deep page skips index entries, not rows
 * and their authors. The page's columns are then read for its ids only.
 */
export function reviewPageIds(filmId: number, order: SQL, limit: number, offset: number): SQL {
  return sql`select p.id from posts p
    where ${isVisibleReviewOf(filmId)}
    order by ${order}
    limit ${limit} offset ${offset}`;
}
