import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { failedPrecondition } from '../../../shared/errors.js';
import { moderationLimits, type reportBody } from '../../../shared/moderation.js';
import type { Db } from '../../platform/db/database.js';
import { comments, posts } from '../../platform/db/schema.js';
import { assertNotOwn, assertVisible } from './rules.js';
import type { Viewer } from '../../core/viewer.js';
import type { Tx } from '../../core/transaction.js';
import { recordAudit, systemActor } from '../../core/audit.js';
import { notifyLater } from '../../core/notify.js';
import { moderationNotice } from '../notifications/index.js';
import { plainExcerpt } from '../../markdown/excerpt.js';

type Report = z.output<typeof reportBody>;

/** Raw SQL in a transaction; both drivers answer `{ rows }`. */
async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

export const hiddenByReportsReason = `Hidden pending review after reports from ${moderationLimits.reportsToHide} members`;

/**
 * Reports of a thread or a reply, for the moderators' review queue. A reporter has at most one
 * open report per item (a partial unique index): a second report is answered as received and
 * adds nothing. The item's row is locked first, so reports of one item are counted one at a
 * time and the one that makes `reportsToHide` distinct reporters hides the item, in the same
 * transaction, until a moderator reviews it.
 */
/**
 * Hides an item its reporters agree on until a moderator reviews it, and tells its author; the
 * site itself is the actor in the audit log. An item hidden already (by a moderator) stays as
 * it is.
 */
async function hideForReview(tx: Tx, postId: number, commentId: number | null, reporters: number) {
  const hide = { hiddenAt: sql`now()`, hiddenReason: hiddenByReportsReason };
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
  if (!hidden) return;
  await recordAudit(tx, {
    actor: systemActor,
    action: commentId === null ? 'post.hide' : 'comment.hide',
    target:
      commentId === null
        ? { type: 'post', id: postId, label: hidden.label }
        : { type: 'comment', id: commentId, label: plainExcerpt(hidden.label, 80) },
    reason: hiddenByReportsReason,
    before: { hidden: null },
    after: { hidden: hiddenByReportsReason, reporters },
  });
  await notifyLater(tx, moderationNotice, {
    userId: hidden.authorId,
    action: 'hidden_for_review',
    reason: hiddenByReportsReason,
    target: commentId === null ? { type: 'post', id: postId } : { type: 'comment', id: commentId },
  });
}

export function createReportService(db: Db) {
  async function store(
    tx: Tx,
    viewer: Viewer,
    postId: number,
    commentId: number | null,
    report: Report,
  ) {
    const rows = await rowsOf<{ id: unknown }>(
      tx,
      sql`insert into reports (post_id, comment_id, reporter_id, category, reason)
        values (${postId}, ${commentId}, ${viewer.id}, ${report.category}, ${report.reason})
        on conflict (reporter_id, post_id, coalesce(comment_id, 0)) where status = 'open'
        do nothing returning id`,
    );
    if (rows.length === 0) return 'existing';
    const sameItem = commentId === null ? sql`comment_id is null` : sql`comment_id = ${commentId}`;
    const [counted] = await rowsOf<{ reporters: number | string }>(
      tx,
      sql`select count(distinct reporter_id) as reporters from reports
        where post_id = ${postId} and ${sameItem} and status = 'open'`,
    );
    const reporters = Number(counted?.reporters ?? 0);
    if (reporters >= moderationLimits.reportsToHide)
      await hideForReview(tx, postId, commentId, reporters);
    return 'created';
  }

  return {
    reportPost(viewer: Viewer, postId: number, report: Report) {
      return db.transaction(async (tx) => {
        const [post] = await tx
          .select({
            hiddenAt: posts.hiddenAt,
            deletedAt: posts.deletedAt,
            authorId: posts.authorId,
          })
          .from(posts)
          .where(eq(posts.id, postId))
          .for('update');
        assertVisible(post, viewer, 'Thread');
        if (post.deletedAt)
          throw failedPrecondition('This thread was deleted: there is nothing to report');
        assertNotOwn(viewer, post.authorId, 'report', 'thread');
        return store(tx, viewer, postId, null, report);
      });
    },

    reportComment(viewer: Viewer, commentId: number, report: Report) {
      return db.transaction(async (tx) => {
        const [comment] = await tx
          .select({
            postId: comments.postId,
            hiddenAt: comments.hiddenAt,
            deletedAt: comments.deletedAt,
            authorId: comments.authorId,
            postHiddenAt: posts.hiddenAt,
          })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(eq(comments.id, commentId))
          .for('update', { of: comments });
        assertVisible(comment && { hiddenAt: comment.postHiddenAt }, viewer, 'Reply');
        assertVisible(comment, viewer, 'Reply');
        if (comment.deletedAt)
          throw failedPrecondition('This reply was deleted: there is nothing to report');
        assertNotOwn(viewer, comment.authorId, 'report', 'reply');
        return store(tx, viewer, comment.postId, commentId, report);
      });
    },
  };
}
