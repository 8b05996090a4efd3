import { and, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import { cursorTime, pastTimeBound } from '../../../core/cursor.js';
import type { Tx } from '../../../core/transaction.js';
import type { OwnReportColumns } from '../../../core/report-columns.js';
import { queryRows, type Db } from '../../../platform/db/database.js';
import { chatMessages, chatReports } from '../schema.js';

/**
 * The SQL of chat reports: storing one, counting a message's open ones, closing them, and a
 * member's own.
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

/** What a member reads of their own chat reports ("Your reports", with the forum's). */
export interface ReporterChatReportRow extends OwnReportColumns {
  message_id: number | string;
  room_id: number;
  room_name: string;
}

/**
 * A member's chat reports made before (`time`, `id`), newest first. The reporter's unique
 * index (reporter, message) finds them; a member has few.
 */
export function chatReportsBy(
  db: Db,
  reporterId: string,
  before: { time: string; id: number } | undefined,
  limit: number,
): Promise<ReporterChatReportRow[]> {
  const earlier = pastTimeBound('r', before, 'newest first');
  return queryRows<ReporterChatReportRow>(
    db,
    sql`select r.id, r.message_id, m.room_id, rooms.name as room_name, r.category, r.reason,
        r.status, r.resolution, r.created_at, r.resolved_at,
        ${cursorTime(sql`r.created_at`)} as cursor_key
      from chat_reports r
      join chat_messages m on m.id = r.message_id
      join chat_rooms rooms on rooms.id = m.room_id
      where r.reporter_id = ${reporterId} ${earlier}
      order by r.created_at desc, r.id desc
      limit ${limit}`,
  );
}
