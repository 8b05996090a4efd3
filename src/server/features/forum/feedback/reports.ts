import type { z } from 'zod';
import { failedPrecondition } from '../../../../shared/errors.js';
import {
  hiddenByReportsReason,
  reportsToHide,
  type reportBody,
} from '../../../../shared/reports.js';
import type { Db } from '../../../platform/db/database.js';
import { assertNotOwn, assertVisible } from '../rules.js';
import type { Viewer } from '../../../core/viewer.js';
import type { Tx } from '../../../core/transaction.js';
import { recordAudit, systemActor } from '../../../core/audit.js';
import { notifyLater } from '../../../core/notify.js';
import { moderationNotice } from '../../notifications/index.js';
import { plainExcerpt } from '../../../markdown/excerpt.js';
import * as feedback from './repo.js';

type Report = z.output<typeof reportBody>;

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
  const hidden = await feedback.hideUnlessHidden(tx, postId, commentId, hiddenByReportsReason);
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
    const stored = await feedback.insertReport(tx, {
      postId,
      commentId,
      reporterId: viewer.id,
      category: report.category,
      reason: report.reason,
    });
    if (!stored) return 'existing';
    const reporters = await feedback.openReporters(tx, postId, commentId);
    if (reporters >= reportsToHide) await hideForReview(tx, postId, commentId, reporters);
    return 'created';
  }

  return {
    reportPost(viewer: Viewer, postId: number, report: Report) {
      return db.transaction(async (tx) => {
        const post = await feedback.lockThreadState(tx, postId);
        assertVisible(post, viewer, 'Thread');
        if (post.deletedAt)
          throw failedPrecondition('This thread was deleted: there is nothing to report');
        assertNotOwn(viewer, post.authorId, 'report', 'thread');
        return store(tx, viewer, postId, null, report);
      });
    },

    reportComment(viewer: Viewer, commentId: number, report: Report) {
      return db.transaction(async (tx) => {
        const comment = await feedback.replyWithThread(tx, commentId, 'lock');
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
