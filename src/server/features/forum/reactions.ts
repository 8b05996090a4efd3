import { and, eq, sql } from 'drizzle-orm';
import { failedPrecondition } from '../../../shared/errors.js';
import type { Db } from '../../platform/db/database.js';
import { commentReactions, comments, postReactions, posts } from '../../platform/db/schema.js';
import { assertNotOwn, assertVisible } from './rules.js';
import type { Viewer } from '../../core/viewer.js';
import { notifyLater } from '../../core/notify.js';
import { liked } from './notify-events.js';

export interface ReactionState {
  reacted: boolean;
  reactionCount: number;
}

/**
 * Likes: one per user per thread or reply. PUT likes and DELETE unlikes, both idempotent; the
 * count on the thread or reply row changes in the same transaction as the like row, and only
 * when the like row did, so it stays exact under retries and double clicks.
 */
export function createReactionService(db: Db) {
  return {
    postReaction(viewer: Viewer, postId: number, on: boolean): Promise<ReactionState> {
      return db.transaction(async (tx) => {
        const [post] = await tx
          .select({
            hiddenAt: posts.hiddenAt,
            deletedAt: posts.deletedAt,
            authorId: posts.authorId,
          })
          .from(posts)
          .where(eq(posts.id, postId));
        assertVisible(post, viewer, 'Thread');
        if (post.deletedAt) throw failedPrecondition('This thread was deleted: it takes no likes');
        // Taking a like back is always allowed.
        if (on) assertNotOwn(viewer, post.authorId, 'like', 'thread');
        const mine = and(eq(postReactions.postId, postId), eq(postReactions.userId, viewer.id));
        const changed = on
          ? await tx
              .insert(postReactions)
              .values({ postId, userId: viewer.id })
              .onConflictDoNothing()
              .returning({ postId: postReactions.postId })
          : await tx.delete(postReactions).where(mine).returning({ postId: postReactions.postId });
        const delta = changed.length === 0 ? 0 : on ? 1 : -1;
        if (delta === 1) {
          await notifyLater(tx, liked, {
            target: 'post',
            id: postId,
            actorId: viewer.id,
          });
        }
        const [row] = await tx
          .update(posts)
          .set({ reactionCount: sql`${posts.reactionCount} + ${delta}` })
          .where(eq(posts.id, postId))
          .returning({ reactionCount: posts.reactionCount });
        return { reacted: on, reactionCount: row?.reactionCount ?? 0 };
      });
    },

    commentReaction(viewer: Viewer, commentId: number, on: boolean): Promise<ReactionState> {
      return db.transaction(async (tx) => {
        const [comment] = await tx
          .select({
            hiddenAt: comments.hiddenAt,
            deletedAt: comments.deletedAt,
            authorId: comments.authorId,
            postHiddenAt: posts.hiddenAt,
            postDeletedAt: posts.deletedAt,
          })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(eq(comments.id, commentId));
        assertVisible(comment && { hiddenAt: comment.postHiddenAt }, viewer, 'Reply');
        assertVisible(comment, viewer, 'Reply');
        if (comment.deletedAt || comment.postDeletedAt) {
          throw failedPrecondition('This reply was deleted: it takes no likes');
        }
        if (on) assertNotOwn(viewer, comment.authorId, 'like', 'reply');
        const mine = and(
          eq(commentReactions.commentId, commentId),
          eq(commentReactions.userId, viewer.id),
        );
        const changed = on
          ? await tx
              .insert(commentReactions)
              .values({ commentId, userId: viewer.id })
              .onConflictDoNothing()
              .returning({ commentId: commentReactions.commentId })
          : await tx
              .delete(commentReactions)
              .where(mine)
              .returning({ commentId: commentReactions.commentId });
        const delta = changed.length === 0 ? 0 : on ? 1 : -1;
        if (delta === 1) {
          await notifyLater(tx, liked, {
            target: 'comment',
            id: commentId,
            actorId: viewer.id,
          });
        }
        const [row] = await tx
          .update(comments)
          .set({ reactionCount: sql`${comments.reactionCount} + ${delta}` })
          .where(eq(comments.id, commentId))
          .returning({ reactionCount: comments.reactionCount });
        return { reacted: on, reactionCount: row?.reactionCount ?? 0 };
      });
    },
  };
}
