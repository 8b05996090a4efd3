import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { authorSelection } from '../../../core/author.js';
import type { DbOrTx, Tx } from '../../../core/transaction.js';
import { users } from '../../../core/schema.js';
import { commentRevisions, comments, posts } from '../schema.js';

/**
 * One reply's state and writes. A thread's pages of replies and the reply's one-statement
 * insert are list queries (repo.ts).
 */

/** The reply with its thread's hidden state, the reply's row locked for an edit or delete. */
export async function lockReply(tx: Tx, id: number) {
  const [row] = await tx
    .select({ comment: comments, postHiddenAt: posts.hiddenAt })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, id))
    .for('update', { of: comments });
  return row;
}

/** What decides who may see a reply's history: its own and its thread's hidden state. */
export async function replyState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      hiddenAt: comments.hiddenAt,
      deletedAt: comments.deletedAt,
      authorId: comments.authorId,
      postHiddenAt: posts.hiddenAt,
      postAuthorId: posts.authorId,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, id));
  return row;
}

/** Why moderators hid these replies, as they wrote it (null when they gave none). */
export function hiddenReasonsOf(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: comments.id, reason: comments.hiddenReason })
    .from(comments)
    .where(inArray(comments.id, ids));
}

/** Who wrote a thread (a hidden thread's replies are shown to its author). */
export async function threadAuthorId(db: DbOrTx, postId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.authorId;
}

/** An edit: the body it replaces kept as a revision, then the new body, stamped edited. */
export async function editReply(
  tx: Tx,
  before: { id: number; bodySource: string },
  editorId: string,
  next: { bodySource: string; bodyHtml: string },
): Promise<void> {
  await tx
    .insert(commentRevisions)
    .values({ commentId: before.id, editorId, previousBody: before.bodySource });
  await tx
    .update(comments)
    .set({ ...next, editedAt: sql`now()` })
    .where(eq(comments.id, before.id));
}

/** The author's soft delete: the reply stays in its thread as a tombstone. */
export async function softDeleteReply(tx: Tx, id: number): Promise<void> {
  await tx
    .update(comments)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(comments.id, id), isNull(comments.deletedAt)));
}

/** A reply's earlier versions, newest first (replies have no title). */
export function replyRevisions(db: DbOrTx, commentId: number) {
  return db
    .select({
      id: commentRevisions.id,
      previousTitle: sql<string | null>`null`,
      previousBody: commentRevisions.previousBody,
      createdAt: commentRevisions.createdAt,
      editor: authorSelection,
    })
    .from(commentRevisions)
    .innerJoin(users, eq(users.id, commentRevisions.editorId))
    .where(eq(commentRevisions.commentId, commentId))
    .orderBy(desc(commentRevisions.id));
}
