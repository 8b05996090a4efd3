import { chatModerationActions, type ChatModerationAction } from '../../../../shared/chat.js';
import type { AuditAction } from '../../../../shared/audit-log.js';
import { recordAudit, systemActor } from '../../../core/audit.js';
import { notifyLater } from '../../../core/notify.js';
import { moderationNotice } from '../../notifications/index.js';
import type { Tx } from '../../../core/transaction.js';
import type { Viewer } from '../../../core/viewer.js';
import { plainExcerpt } from '../../../markdown/excerpt.js';
import { hiddenByReportsReason } from '../../../../shared/reports.js';
import { closeOpenReports, hideUnlessHidden } from './repo.js';

/*
 * The report rules of chat messages, as the forum has them for threads and replies: a third
 * distinct reporter hides the message until a moderator reviews it, with the site itself as
 * the actor; a moderator's action closes every open report of the message.
 */

/**
 * Hides a message its reporters agree on, pending review, and tells its author; a message hidden
 * already stays as it is. Answers whether this call hid it (the room is then told).
 */
export async function hideForReview(tx: Tx, messageId: number, reporters: number) {
  const hidden = await hideUnlessHidden(tx, messageId, hiddenByReportsReason);
  if (!hidden) return null;
  await recordAudit(tx, {
    actor: systemActor,
    action: 'chat-message.hide',
    target: { type: 'chat-message', id: messageId, label: plainExcerpt(hidden.body, 60) },
    reason: hiddenByReportsReason,
    before: { hidden: null },
    after: { hidden: hiddenByReportsReason, reporters },
  });
  // Its author is told, as of a moderator's hiding: the message is gone from the room.
  await notifyLater(tx, moderationNotice, {
    userId: hidden.authorId,
    action: 'hidden_for_review',
    reason: hiddenByReportsReason,
    target: { type: 'chat', id: messageId },
  });
  return { roomId: hidden.roomId, authorId: hidden.authorId, reason: hiddenByReportsReason };
}

/** Was the message hidden by its reporters rather than by a moderator? */
export const hiddenByReports = (message: { hiddenAt: Date | null; hiddenReason: string | null }) =>
  message.hiddenAt !== null && message.hiddenReason === hiddenByReportsReason;

/** The audit action (and report resolution) of a moderator's action on a message. */
export const chatAuditAction = (action: ChatModerationAction): AuditAction =>
  action === 'dismiss' ? 'report.dismiss' : `chat-message.${action}`;

/** Every open report of the message is closed by the action a moderator took on it. */
export async function closeReports(
  tx: Tx,
  messageId: number,
  action: ChatModerationAction,
  viewer: Viewer,
): Promise<void> {
  await closeOpenReports(tx, messageId, chatAuditAction(action), viewer.id);
}

/** The moderator's action a stored resolution names; null for none or one unknown here. */
export function chatReportAction(resolution: string | null): ChatModerationAction | null {
  return chatModerationActions.find((action) => chatAuditAction(action) === resolution) ?? null;
}
