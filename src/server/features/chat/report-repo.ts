import { and, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../core/transaction.js';
import { chatMessages, chatReports } from '../../platform/db/schema.js';

/** The SQL of chat reports: storing one, counting a message's open ones, closing them. */

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

/** One open report per member and message: answers false when the member's was there already. */
export async function insertReport(
  tx: Tx,
  report: { messageId: number; reporterId: string; category: string; reason: string },
): Promise<boolean> {
  const stored = await tx
    .insert(chatReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  return stored.length > 0;
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

/** Hides the message for `reason` unless it is hidden already; answers it if this call hid it. */
export async function hideUnlessHidden(tx: Tx, messageId: number, reason: string) {
  const [hidden] = await tx
    .update(chatMessages)
    .set({ hiddenAt: new Date(), hiddenReason: reason, hiddenById: null })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.hiddenAt)))
    .returning({
      roomId: chatMessages.roomId,
      authorId: chatMessages.authorId,
      body: chatMessages.bodySource,
    });
  return hidden;
}

/** Every open report of the message is closed with `resolution`. */
export async function closeOpenReports(
  tx: Tx,
  messageId: number,
  resolution: string,
  resolvedById: string,
): Promise<void> {
  await tx
    .update(chatReports)
    .set({ status: 'resolved', resolution, resolvedById, resolvedAt: new Date() })
    .where(openReportsOf(messageId));
}
