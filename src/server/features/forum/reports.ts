import { eq, sql } from 'drizzle-orm';
import { failedPrecondition } from '../../../shared/errors.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { comments, posts } from '../../platform/db/schema.js';
import type { Viewer } from '../accounts/viewer.js';
import { assertVisible } from './rules.js';

/**
 * Reports of a thread or a reply, stored for the moderation queue (a later issue). A reporter
 * has at most one open report per target (a partial unique index): a second report is
 * answered as received and adds nothing.
 */
export function createReportService(db: Db) {
  async function store(viewer: Viewer, postId: number, commentId: number | null, reason: string) {
    const rows = await queryRows<{ id: unknown }>(
      db,
      sql`insert into reports (post_id, comment_id, reporter_id, reason)
        values (${postId}, ${commentId}, ${viewer.id}, ${reason})
        on conflict (reporter_id, post_id, coalesce(comment_id, 0)) where status = 'open'
        do nothing returning id`,
    );
    return rows.length > 0 ? 'created' : 'existing';
  }

  return {
    async reportPost(viewer: Viewer, postId: number, reason: string) {
      const [post] = await db
        .select({ hiddenAt: posts.hiddenAt, deletedAt: posts.deletedAt })
        .from(posts)
        .where(eq(posts.id, postId));
      assertVisible(post, viewer, 'Thread');
      if (post.deletedAt)
        throw failedPrecondition('This thread was deleted: there is nothing to report');
      return store(viewer, postId, null, reason);
    },

    async reportComment(viewer: Viewer, commentId: number, reason: string) {
      const [comment] = await db
        .select({
          postId: comments.postId,
          hiddenAt: comments.hiddenAt,
          deletedAt: comments.deletedAt,
          postHiddenAt: posts.hiddenAt,
        })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(eq(comments.id, commentId));
      assertVisible(comment && { hiddenAt: comment.postHiddenAt }, viewer, 'Reply');
      assertVisible(comment, viewer, 'Reply');
      if (comment.deletedAt)
        throw failedPrecondition('This reply was deleted: there is nothing to report');
      return store(viewer, comment.postId, commentId, reason);
    },
  };
}
