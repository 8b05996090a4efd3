import type { ReportColumns } from '../../core/report-columns.js';
import type { ReportCategory } from '../../../shared/reports.js';
import type { ChatReviewItem, ReviewItem } from '../../../shared/review-queue.js';
import type { MemberHistory } from '../../../shared/member-history.js';
import type { Db } from '../../platform/db/database.js';
import { authorOfRow, iso, isoOrNull, presentAuthor } from '../../core/author.js';
import { openChatReportsOf, reportedChatMessages, type ChatReportRow } from '../chat/index.js';
import { presentMemberHistory } from '../users/index.js';
import { memberHistoryRows } from './target-repo.js';

/** The history a moderator sees beside each member's content, for several members at once. */
async function memberHistories(db: Db, memberIds: string[]): Promise<Map<string, MemberHistory>> {
  if (memberIds.length === 0) return new Map();
  const rows = await memberHistoryRows(db, memberIds);
  return new Map(
    rows.map((row) => [
      row.id,
      presentMemberHistory({
        createdAt: row.created_at,
        postCount: row.post_count,
        commentCount: row.comment_count,
        reportsAgainst: row.reports_against,
        sanctions: row.sanctions,
      }),
    ]),
  );
}

/** A report row's reporter and words, as the queue shows every report. */
export function presentReport(row: ReportColumns): ReviewItem['reports'][number] {
  return {
    id: Number(row.id),
    reporter: presentAuthor({
      id: row.reporter_id,
      name: row.reporter_name,
      username: row.reporter_username,
      displayUsername: row.reporter_display_username,
      image: row.reporter_image,
      role: row.reporter_role,
      deletedAt: row.reporter_deleted_at,
    }),
    category: row.category as ReportCategory,
    reason: row.reason,
    createdAt: iso(row.created_at),
  };
}

/**
 * The reported chat messages among `messageIds` as queue items (without `firstReportedAt`),
 * by message id: three statements for a page, whatever its length.
 */
export async function loadChatItems(
  db: Db,
  messageIds: number[],
): Promise<Map<number, Omit<ChatReviewItem, 'firstReportedAt'>>> {
  const [messages, reports] = await Promise.all([
    reportedChatMessages(db, messageIds),
    openChatReportsOf(db, messageIds),
  ]);
  const histories = await memberHistories(db, [...new Set(messages.map((m) => m.author_id))]);
  const reportsOf = new Map<number, ChatReportRow[]>();
  for (const row of reports) {
    const id = Number(row.message_id);
    reportsOf.set(id, [...(reportsOf.get(id) ?? []), row]);
  }
  const items = new Map<number, Omit<ChatReviewItem, 'firstReportedAt'>>();
  for (const row of messages) {
    const id = Number(row.id);
    const authorHistory = histories.get(row.author_id);
    if (!authorHistory) continue;
    items.set(id, {
      target: {
        type: 'chat-message',
        messageId: id,
        room: { id: row.room_id, name: row.room_name, archived: row.room_archived_at !== null },
        bodyHtml: row.body_html,
        hidden: row.hidden_at === null ? null : { reason: row.hidden_reason ?? '' },
        deleted: row.deleted_at !== null,
        editedAt: isoOrNull(row.edited_at),
        createdAt: iso(row.created_at),
      },
      author: presentAuthor(authorOfRow(row)),
      authorHistory,
      reports: (reportsOf.get(id) ?? []).map(presentReport),
    });
  }
  return items;
}
