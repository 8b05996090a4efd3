import { failedPrecondition } from '../../../../shared/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { assertNotOwn, assertVisible } from '../rules.js';
import type { Viewer } from '../../../core/viewer.js';
import { notifyLater } from '../../../core/notify.js';
import * as feedback from './repo.js';
import { liked } from '../notify-events.js';
import { threadState } from '../threads/repo.js';

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
        const post = await threadState(tx, postId);
        assertVisible(post, viewer, 'Thread');
        if (post.deletedAt) throw failedPrecondition('This thread was deleted: it takes no likes');
        // Taking a like back is always allowed.
        if (on) assertNotOwn(viewer, post.authorId, 'like', 'thread');
        const delta = await feedback.setThreadLike(tx, postId, viewer.id, on);
        if (delta === 1) {
          await notifyLater(tx, liked, {
            target: 'post',
            id: postId,
            actorId: viewer.id,
          });
        }
        const reactionCount = await feedback.addThreadReactions(tx, postId, delta);
        return { reacted: on, reactionCount };
      });
    },

    commentReaction(viewer: Viewer, commentId: number, on: boolean): Promise<ReactionState> {
      return db.transaction(async (tx) => {
        const comment = await feedback.replyWithThread(tx, commentId, 'read');
        assertVisible(comment && { hiddenAt: comment.postHiddenAt }, viewer, 'Reply');
        assertVisible(comment, viewer, 'Reply');
        if (comment.deletedAt || comment.postDeletedAt) {
          throw failedPrecondition('This reply was deleted: it takes no likes');
        }
        if (on) assertNotOwn(viewer, comment.authorId, 'like', 'reply');
        const delta = await feedback.setReplyLike(tx, commentId, viewer.id, on);
        if (delta === 1) {
          await notifyLater(tx, liked, {
            target: 'comment',
            id: commentId,
            actorId: viewer.id,
          });
        }
        const reactionCount = await feedback.addReplyReactions(tx, commentId, delta);
        return { reacted: on, reactionCount };
      });
    },
  };
}
