import { authorSelection } from '../../core/author.js';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import {
  categories,
  commentRevisions,
  postRevisions,
  posts,
  users,
} from '../../platform/db/schema.js';
import type { Param } from './repo.js';

/** Reads of one thread: its page (one query) and the earlier versions of it and its replies. */

/** One thread with its author and category, and whether the viewer liked it: one query. */
export function postDetailQuery(db: Db, id: Param<number>, viewerId: Param<string> | null) {
  const reacted = viewerId
    ? sql<boolean>`exists (select 1 from post_reactions r where r.post_id = ${posts.id} and r.user_id = ${viewerId})`
    : sql<boolean>`false`;
  return db
    .select({
      id: posts.id,
      title: posts.title,
      tags: posts.tags,
      filmTitle: posts.filmTitle,
      rating: posts.rating,
      pinned: posts.pinned,
      locked: posts.locked,
      replyCount: posts.replyCount,
      reactionCount: posts.reactionCount,
      viewCount: sql<number>`coalesce((select v.views from thread_views v where v.post_id = ${posts.id}), 0)`,
      lastActivityAt: posts.lastActivityAt,
      createdAt: posts.createdAt,
      category: { id: categories.id, slug: categories.slug, name: categories.name },
      author: authorSelection,
      bodyHtml: posts.bodyHtml,
      bodySource: posts.bodySource,
      editedAt: posts.editedAt,
      hiddenAt: posts.hiddenAt,
      deletedAt: posts.deletedAt,
      authorId: posts.authorId,
      reacted,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, id));
}

export function postRevisionsQuery(db: Db, postId: number) {
  return db
    .select({
      id: postRevisions.id,
      previousTitle: postRevisions.previousTitle,
      previousBody: postRevisions.previousBody,
      createdAt: postRevisions.createdAt,
      editor: authorSelection,
    })
    .from(postRevisions)
    .innerJoin(users, eq(users.id, postRevisions.editorId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id));
}

/** A reply's earlier versions, newest first (replies have no title). */
export function commentRevisionsQuery(db: Db, commentId: number) {
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

/** Whether an active account holds this username (an empty author list is then not a 404). */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deletedAt)));
  return row !== undefined;
}

/** Who may read a thread and how many replies it holds: what its live channel's door asks. */
export async function threadForReaders(db: Db, id: number) {
  const [row] = await db
    .select({ authorId: posts.authorId, hiddenAt: posts.hiddenAt, total: posts.replyCount })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}
