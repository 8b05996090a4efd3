import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PublicProfile } from '../../../shared/profiles.js';
import { isRole } from '../../../shared/roles.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { profiles } from './schema.js';
import { activeBlock } from '../../core/viewer.js';
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

export function presentProfile({
  user,
  profile,
  posts,
  replies,
  supporter,
}: ProfileRow): PublicProfile {
  return {
    id: user.id,
    username: user.displayUsername ?? user.username ?? '',
    name: user.name,
    image: user.image,
    role: isRole(user.role) ? user.role : null,
    bio: profile?.bio ?? '',
    location: profile?.location ?? '',
    favouriteFilms: profile?.favouriteFilms ?? [],
    joinedAt: user.createdAt.toISOString(),
    blocked: activeBlock(user) !== null,
    counts: { posts: Number(posts), replies: Number(replies) },
    supporter: Boolean(supporter),
  };
}

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
