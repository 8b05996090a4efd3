import { sql } from 'drizzle-orm';
import { cursorTime } from '../../core/cursor.js';
import { chatModerationActions, type ChatModerationAction } from '../../../shared/chat.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { chatAuditAction } from './reports.js';

/** What a member reads of their own chat reports ("Your reports", with the forum's). */
export interface ReporterChatReportRow {
  id: number | string;
  message_id: number | string;
  room_id: number;
  room_name: string;
  category: string;
  reason: string;
  status: string;
  /** The moderator's action that closed it, as `closeReports` stores it (an audit action). */
  resolution: string | null;
  created_at: string | Date;
  resolved_at: string | Date | null;
  /** The report's time as a cursor keeps it (UTC, microseconds). */
  cursor_key: string;
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
  const earlier = before
    ? sql`and (r.created_at, r.id) < (${before.time}::timestamptz, ${before.id}::bigint)`
    : sql``;
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

/** The moderator's action a stored resolution names; null for none or one unknown here. */
export function chatReportAction(resolution: string | null): ChatModerationAction | null {
  return chatModerationActions.find((action) => chatAuditAction(action) === resolution) ?? null;
}
