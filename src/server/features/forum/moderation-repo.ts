import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../core/transaction.js';
import { commentRevisions, comments, postRevisions, posts, reports } from './schema.js';

/**
 * What moderators do to threads and replies, as the forum offers it to the moderation feature
 * (index.ts): the rows they act on, locked, and one named write per action. The moderation
 * feature decides whether an action is allowed; these only carry it out, inside its transaction.
 */

export type ModeratedThread = typeof posts.$inferSelect;
export type ModeratedReply = typeof comments.$inferSelect;

/** Hidden (when and why) or shown (both null). */
export interface Hiding {
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

/** The title a purged thread keeps, so links to it still lead somewhere. */
export const purgedTitle = '[removed]';

export const isPurgedThread = (thread: ModeratedThread) =>
  thread.deletedAt !== null && thread.bodySource === '' && thread.title === purgedTitle;

export const isPurgedReply = (reply: ModeratedReply) =>
  reply.deletedAt !== null && reply.bodySource === '';

/** The thread's row, locked until the action's transaction ends. */
export async function lockThreadForModeration(tx: Tx, id: number) {
  const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  return row;
}

/** The reply's row, locked until the action's transaction ends. */
export async function lockReplyForModeration(tx: Tx, id: number) {
  const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
  return row;
}

export async function setThreadHidden(tx: Tx, id: number, hiding: Hiding): Promise<void> {
  await tx.update(posts).set(hiding).where(eq(posts.id, id));
}

export async function setThreadLocked(tx: Tx, id: number, locked: boolean): Promise<void> {
  await tx.update(posts).set({ locked }).where(eq(posts.id, id));
}

export async function setThreadPinned(tx: Tx, id: number, pinned: boolean): Promise<void> {
  await tx.update(posts).set({ pinned }).where(eq(posts.id, id));
}

/**
 * A move changes only the category: a review's film and rating stay stored, shown wherever the
 * thread sits in a category that shows ratings.
 */
export async function moveThread(tx: Tx, id: number, categoryId: number): Promise<void> {
  await tx.update(posts).set({ categoryId }).where(eq(posts.id, id));
}

/**
 * Erased for good: the words, the tags, the review and every earlier version; the thread stays
 * (deleted, under `purgedTitle`) so links to it still lead somewhere.
 */
export async function purgeThread(tx: Tx, thread: ModeratedThread): Promise<void> {
  await tx.delete(postRevisions).where(eq(postRevisions.postId, thread.id));
  await tx
    .update(posts)
    .set({
      title: purgedTitle,
      bodySource: '',
      bodyHtml: '',
      tags: [],
      filmTitle: null,
      rating: null,
      deletedAt: thread.deletedAt ?? new Date(),
    })
    .where(eq(posts.id, thread.id));
}

export async function setReplyHidden(tx: Tx, id: number, hiding: Hiding): Promise<void> {
  await tx.update(comments).set(hiding).where(eq(comments.id, id));
}

/** Erased for good: the words and every earlier version; a tombstone stays in the thread. */
export async function purgeReply(tx: Tx, reply: ModeratedReply): Promise<void> {
  await tx.delete(commentRevisions).where(eq(commentRevisions.commentId, reply.id));
  await tx
    .update(comments)
    .set({ bodySource: '', bodyHtml: '', deletedAt: reply.deletedAt ?? new Date() })
    .where(eq(comments.id, reply.id));
}

/** A reported thread (`commentId` null) or reply. */
export interface ReportedItem {
  postId: number;
  commentId: number | null;
}

/** The open reports of one thread (`commentId` null) or reply. */
function openReportsOf(item: ReportedItem) {
  return and(
    eq(reports.postId, item.postId),
    item.commentId === null ? isNull(reports.commentId) : eq(reports.commentId, item.commentId),
    eq(reports.status, 'open'),
  );
}

export async function countOpenReports(tx: Tx, item: ReportedItem): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(reports)
    .where(openReportsOf(item));
  return row?.n ?? 0;
}

/** Every open report of the item is closed by the action taken on it, its resolution. */
export async function closeReports(
  tx: Tx,
  item: ReportedItem,
  resolution: string,
  resolvedById: string,
): Promise<void> {
  await tx
    .update(reports)
    .set({ status: 'resolved', resolution, resolvedById, resolvedAt: sql`now()` })
    .where(openReportsOf(item));
}
