import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../../../shared/errors.js';
import type { WatchLevel } from '../../../../shared/notifications.js';
import { queryRows, type Db } from '../../../platform/db/database.js';
import { categories, comments } from '../../forum/schema.js';
import { categoryWatches, threadReads, threadWatches } from '../schema.js';
import type { DbOrTx } from '../../../core/transaction.js';

/**
 * How far a member has read a thread, kept with the thread's reply count up to that point:
 * moving it only ever goes forward. `commentId` 0 is the opening post alone.
 */
export async function markThreadRead(
  db: DbOrTx,
  userId: string,
  postId: number,
  commentId: number,
): Promise<void> {
  await queryRows(
    db as Db,
    sql`insert into thread_reads (user_id, post_id, last_read_comment_id, read_count)
      select ${userId}, ${postId}::bigint, ${commentId}::bigint,
        (select count(*)::int from comments where post_id = ${postId}::bigint
          and id <= ${commentId}::bigint)
      on conflict (user_id, post_id) do update set
        last_read_comment_id = greatest(thread_reads.last_read_comment_id,
          excluded.last_read_comment_id),
        read_count = greatest(thread_reads.read_count, excluded.read_count),
        updated_at = now()
      where excluded.last_read_comment_id > thread_reads.last_read_comment_id`,
  );
}

/**
 * A thread's author watches it and has read its opening post from the moment it exists: called
 * in the transaction that writes the thread, so a reply that comes at once still tells them.
 */
export async function startedThread(tx: DbOrTx, userId: string, postId: number): Promise<void> {
  await tx
    .insert(threadWatches)
    .values({ userId, postId, level: 'watching' })
    .onConflictDoNothing();
  await markThreadRead(tx, userId, postId, 0);
}

export interface ReadingRow {
  reply_count: number;
  post_author_id: string;
  category_id: number;
  hidden: boolean;
  deleted: boolean;
  last_read_comment_id: number | string | null;
  read_count: number | null;
  thread_level: WatchLevel | null;
  category_level: WatchLevel | null;
  first_unread_id: number | string | null;
}

/** A member's reading of a thread, in one round trip. */
export async function readingOf(db: Db, userId: string, postId: number) {
  const [row] = await queryRows<ReadingRow>(
    db,
    sql`select p.reply_count, p.author_id as post_author_id, p.category_id,
        p.hidden_at is not null as hidden, p.deleted_at is not null as deleted,
        r.last_read_comment_id, r.read_count, tw.level as thread_level, cw.level as category_level,
        (select c.id from comments c where c.post_id = p.id
          and c.id > coalesce(r.last_read_comment_id, 0)
          and c.deleted_at is null and c.hidden_at is null
          order by c.id limit 1) as first_unread_id
      from posts p
      left join thread_reads r on r.user_id = ${userId} and r.post_id = p.id
      left join thread_watches tw on tw.user_id = ${userId} and tw.post_id = p.id
      left join category_watches cw on cw.user_id = ${userId} and cw.category_id = p.category_id
      where p.id = ${postId}`,
  );
  return row ?? null;
}

export async function setThreadWatch(db: Db, userId: string, postId: number, level: WatchLevel) {
  await db
    .insert(threadWatches)
    .values({ userId, postId, level })
    .onConflictDoUpdate({
      target: [threadWatches.userId, threadWatches.postId],
      set: { level },
    });
}

export async function categoryWatchOf(db: Db, userId: string, categoryId: number) {
  const [row] = await db
    .select({ level: categoryWatches.level })
    .from(categoryWatches)
    .where(and(eq(categoryWatches.userId, userId), eq(categoryWatches.categoryId, categoryId)));
  return (row?.level ?? 'normal') as WatchLevel;
}

export async function setCategoryWatch(
  db: Db,
  userId: string,
  categoryId: number,
  level: WatchLevel,
) {
  await db
    .insert(categoryWatches)
    .values({ userId, categoryId, level })
    .onConflictDoUpdate({
      target: [categoryWatches.userId, categoryWatches.categoryId],
      set: { level },
    });
}

/** The viewer's reading of listed threads: one indexed lookup for the whole page. */
export async function readsOf(db: Db, userId: string, postIds: readonly number[]) {
  if (postIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ postId: threadReads.postId, readCount: threadReads.readCount })
    .from(threadReads)
    .where(
      and(
        eq(threadReads.userId, userId),
        sql`${threadReads.postId} = any(${`{${postIds.join(',')}}`}::bigint[])`,
      ),
    );
  return new Map(rows.map((row) => [Number(row.postId), row.readCount]));
}

export async function assertCategory(db: Db, categoryId: number): Promise<void> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!row) throw notFound('Category');
}

/**
 * The member's unread notifications of replies they have now read in a thread (and of the
 * thread itself) count as read; answers whether any did.
 */
export async function readNotificationsUpTo(
  db: Db,
  userId: string,
  postId: number,
  commentId: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notifications set read_at = now(), mail_pending = null
      where user_id = ${userId} and post_id = ${postId}::bigint and read_at is null
        and coalesce(comment_id, 0) <= ${commentId}::bigint
        and type in ('reply', 'quote', 'mention')
      returning id`,
  );
  return rows.length > 0;
}

export async function replyIsInThread(db: Db, commentId: number, postId: number) {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
  return row !== undefined;
}
