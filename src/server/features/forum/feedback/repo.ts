import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../core/transaction.js';
import { commentReactions, comments, postReactions, posts } from '../schema.js';

/** The SQL of what members say of threads and replies: likes and reports. */

/** A reply with what its thread's state decides (likes and reports), optionally locked. */
export async function replyWithThread(tx: Tx, commentId: number, lock: 'lock' | 'read') {
  const query = tx
    .select({
      postId: comments.postId,
      hiddenAt: comments.hiddenAt,
      deletedAt: comments.deletedAt,
      authorId: comments.authorId,
      postHiddenAt: posts.hiddenAt,
      postDeletedAt: posts.deletedAt,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId));
  const [row] = lock === 'lock' ? await query.for('update', { of: comments }) : await query;
  return row;
}

/** A thread's state, locked so reports of one thread are counted one at a time. */
export async function lockThreadState(tx: Tx, postId: number) {
  const [row] = await tx
    .select({ hiddenAt: posts.hiddenAt, deletedAt: posts.deletedAt, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  return row;
}

/**
 * The member's like of a thread on or off; answers how the count moves (+1, -1, or 0 when
 * there was nothing to change: a second like, an unlike of what was not liked).
 */
export async function setThreadLike(tx: Tx, postId: number, userId: string, on: boolean) {
  const changed = on
    ? await tx
        .insert(postReactions)
        .values({ postId, userId })
        .onConflictDoNothing()
        .returning({ postId: postReactions.postId })
    : await tx
        .delete(postReactions)
        .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)))
        .returning({ postId: postReactions.postId });
  return changed.length === 0 ? 0 : on ? 1 : -1;
}

/** The thread's like count moved by `delta`; answers the new count. */
export async function addThreadReactions(tx: Tx, postId: number, delta: number) {
  const [row] = await tx
    .update(posts)
    .set({ reactionCount: sql`${posts.reactionCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ reactionCount: posts.reactionCount });
  return row?.reactionCount ?? 0;
}

/** The member's like of a reply on or off; answers how the count moves (`setThreadLike`). */
export async function setReplyLike(tx: Tx, commentId: number, userId: string, on: boolean) {
  const changed = on
    ? await tx
        .insert(commentReactions)
        .values({ commentId, userId })
        .onConflictDoNothing()
        .returning({ commentId: commentReactions.commentId })
    : await tx
        .delete(commentReactions)
        .where(and(eq(commentReactions.commentId, commentId), eq(commentReactions.userId, userId)))
        .returning({ commentId: commentReactions.commentId });
  return changed.length === 0 ? 0 : on ? 1 : -1;
}

/** The reply's like count moved by `delta`; answers the new count. */
export async function addReplyReactions(tx: Tx, commentId: number, delta: number) {
  const [row] = await tx
    .update(comments)
    .set({ reactionCount: sql`${comments.reactionCount} + ${delta}` })
    .where(eq(comments.id, commentId))
    .returning({ reactionCount: comments.reactionCount });
  return row?.reactionCount ?? 0;
}

/** Raw SQL in a transaction; both drivers answer `{ rows }`. */
async function rowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A report of a thread (`commentId` null) or reply. A reporter has at most one open report per
 * item (a partial unique index): answers false when theirs was there already.
 */
export async function insertReport(
  tx: Tx,
  report: {
    postId: number;
    commentId: number | null;
    reporterId: string;
    category: string;
    reason: string;
  },
): Promise<boolean> {
  const rows = await rowsOf<{ id: unknown }>(
    tx,
    sql`insert into reports (post_id, comment_id, reporter_id, category, reason)
      values (${report.postId}, ${report.commentId}, ${report.reporterId}, ${report.category}, ${report.reason})
      on conflict (reporter_id, post_id, coalesce(comment_id, 0)) where status = 'open'
      do nothing returning id`,
  );
  return rows.length > 0;
}

/** Distinct members with an open report on the item. */
export async function openReporters(
  tx: Tx,
  postId: number,
  commentId: number | null,
): Promise<number> {
  const sameItem = commentId === null ? sql`comment_id is null` : sql`comment_id = ${commentId}`;
  const [counted] = await rowsOf<{ reporters: number | string }>(
    tx,
    sql`select count(distinct reporter_id) as reporters from reports
      where post_id = ${postId} and ${sameItem} and status = 'open'`,
  );
  return Number(counted?.reporters ?? 0);
}

/**
 * Hides the thread or reply for `reason` unless it is hidden already (a moderator's hiding
 * stays); answers what the audit log and its author are told, or undefined when it was hidden.
 */
export async function hideUnlessHidden(
  tx: Tx,
  postId: number,
  commentId: number | null,
  reason: string,
) {
  const hide = { hiddenAt: sql`now()`, hiddenReason: reason };
  const [hidden] =
    commentId === null
      ? await tx
          .update(posts)
          .set(hide)
          .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)))
          .returning({ label: posts.title, authorId: posts.authorId })
      : await tx
          .update(comments)
          .set(hide)
          .where(and(eq(comments.id, commentId), isNull(comments.hiddenAt)))
          .returning({ label: comments.bodySource, authorId: comments.authorId });
  return hidden;
}
