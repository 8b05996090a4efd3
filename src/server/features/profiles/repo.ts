import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { reviewsCategorySlug } from '../../../shared/forum.js';
import { profileReviewLimits } from '../../../shared/profiles.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { profiles } from './schema.js';
import type { Tx } from '../../core/transaction.js';
import { supporterSql } from '../donations/index.js';

export type ProfileFields = Partial<
  Pick<typeof profiles.$inferInsert, 'bio' | 'location' | 'favouriteFilms'>
>;

/*
 * Visible posts and replies of the author, each counted through the author's index
 * (posts_author_newest_idx, comments_author_idx) in the same query as the account. A reply
 * counts only where the profile's list of replies shows it: neither it nor its thread deleted or
 * hidden, so a reader never sees a count the list cannot back.
 */
const visiblePosts = sql<number>`(select count(*)::int from posts p where p.author_id = ${users.id} and p.deleted_at is null and p.hidden_at is null)`;
const supporter = sql<boolean>`${supporterSql(sql`${users.id}`)}`;
const visibleReplies = sql<number>`(select count(*)::int from comments c join posts p on p.id = c.post_id where c.author_id = ${users.id} and c.deleted_at is null and c.hidden_at is null and p.deleted_at is null and p.hidden_at is null)`;

async function findProfile(db: Db | Tx, where: SQL) {
  const [row] = await db
    .select({
      user: users,
      profile: profiles,
      posts: visiblePosts,
      replies: visibleReplies,
      supporter,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(where, isNull(users.deletedAt)));
  return row;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** Usernames are stored lowercase (the display form beside them), so this uses the unique index. */
export const findProfileByUsername = (db: Db, username: string) =>
  findProfile(db, eq(users.username, username.toLowerCase()));

export const findProfileById = (db: Db | Tx, id: string) => findProfile(db, eq(users.id, id));

export async function setAvatar(tx: Tx, userId: string, image: string | null): Promise<void> {
  await tx.update(users).set({ image, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function upsertProfile(tx: Tx, userId: string, fields: ProfileFields): Promise<void> {
  const updatedAt = new Date();
  await tx
    .insert(profiles)
    .values({ userId, ...fields, updatedAt })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt } });
}

/** A live account's id by username (stored lowercase, so the unique index answers). */
export async function memberIdByUsername(db: Db, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username.toLowerCase()), isNull(users.deletedAt)));
  return row?.id;
}

/**
 * A member's visible reviews, as a film's figures count them (`film_review_counts`): threads in
 * Reviews with a film and a rating, neither hidden nor deleted. The diary lists these and the
 * spread counts these, so the two always agree.
 */
const visibleReviewsOf = (authorId: string) => sql`p.author_id = ${authorId}
  and p.deleted_at is null and p.hidden_at is null
  and p.film_id is not null and p.rating is not null
  and p.category_id = (select id from categories where slug = ${reviewsCategorySlug})`;

export interface ProfileReviewRow {
  id: number | string;
  title: string;
  rating: number;
  created_at: string | Date;
  film_id: number | string;
  film_title: string;
  film_year: number | null;
}

/** A page of the member's visible reviews with their films, newest first. */
export function reviewDiaryPage(db: Db, authorId: string, page: number) {
  const size = profileReviewLimits.pageSize;
  return queryRows<ProfileReviewRow>(
    db,
    sql`select p.id, p.title, p.rating, p.created_at,
        f.id as film_id, f.title as film_title, f.year as film_year
      from posts p join films f on f.id = p.film_id
      where ${visibleReviewsOf(authorId)}
      order by p.created_at desc, p.id desc
      limit ${size} offset ${(page - 1) * size}`,
  );
}

/** How many visible reviews the member gave each rating, in one grouped read. */
export function reviewSpread(db: Db, authorId: string) {
  return queryRows<{ rating: number; reviews: number }>(
    db,
    sql`select p.rating, count(*)::int as reviews
      from posts p
      where ${visibleReviewsOf(authorId)}
      group by p.rating`,
  );
}
