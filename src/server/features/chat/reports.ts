import { and, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import type { ChatModerationAction } from '../../../shared/chat.js';
import type { AuditAction } from '../../../shared/moderation.js';
import { chatMessages, chatReports } from '../../platform/db/schema.js';
import { recordAudit, systemActor } from '../../core/audit.js';
import { notifyLater } from '../../core/notify.js';
import { moderationNotice } from '../notifications/index.js';
import type { Tx } from '../../core/transaction.js';
import type { Viewer } from '../../core/viewer.js';
import { plainExcerpt } from '../../markdown/excerpt.js';
import { hiddenByReportsReason } from '../forum/index.js';

/*
 * The report rules of chat messages, as the forum has them for threads and replies: a third
 * distinct reporter hides the message until a moderator reviews it, with the site itself as
 * the actor; a moderator's action closes every open report of the message.
 */

const openReportsOf = (messageId: number) =>
  and(eq(chatReports.messageId, messageId), eq(chatReports.status, 'open'));

/** Locks the message row, so reports of one message are counted one at a time. */
export async function lockMessage(tx: Tx, messageId: number): Promise<void> {
  await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId))
    .for('update');
}

/** Distinct members with an open report on the message. */
export async function openReporters(tx: Tx, messageId: number): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(chatReports.reporterId) })
    .from(chatReports)
    .where(openReportsOf(messageId));
  return Number(row?.n ?? 0);
}

export async function openReportCount(tx: Tx, messageId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chatReports)
    .where(openReportsOf(messageId));
  return row?.n ?? 0;
}

/**
 * Hides a message its reporters agree on, pending review, and tells its author; a message hidden
 * already stays as it is. Answers whether this call hid it (the room is then told).
 */
export async function hideForReview(tx: Tx, messageId: number, reporters: number) {
  const [hidden] = await tx
    .update(chatMessages)
    .set({ hiddenAt: new Date(), hiddenReason: hiddenByReportsReason, hiddenById: null })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.hiddenAt)))
    .returning({
      roomId: chatMessages.roomId,
      authorId: chatMessages.authorId,
      body: chatMessages.bodySource,
    });
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
  await tx
    .update(chatReports)
    .set({
      status: 'resolved',
      resolution: chatAuditAction(action),
      resolvedById: viewer.id,
      resolvedAt: new Date(),
    })
    .where(openReportsOf(messageId));
}
