import type { ReportColumns } from '../../../core/report-columns.js';
import { sql } from 'drizzle-orm';
import { cursorTime, pastTimeBound } from '../../../core/cursor.js';
import { queryRows, type Db } from '../../../platform/db/database.js';
import type { AuthorColumns } from '../../../core/author.js';

/*
 * What the moderators' review queue reads of chat: open reports on messages, grouped by
 * message, the message whose first open report is oldest first. Like the forum's queue, a page
 * walks chat_reports_open_idx in time order and keeps each message's first open report only, so
 * a page costs its own rows however long the queue.
 */

export interface FirstChatReportRow {
  id: number | string;
  message_id: number | string;
  created_at: string | Date;
  /** The report's time as a cursor keeps it (UTC, microseconds). */
  cursor_key: string;
}

/** Messages whose first open report comes after (`time`, `id`), oldest first. */
export function firstOpenChatReports(
  db: Db,
  after: { time: string; id: number } | undefined,
  limit: number,
): Promise<FirstChatReportRow[]> {
  const past = pastTimeBound('r', after, 'oldest first');
  return queryRows<FirstChatReportRow>(
    db,
    sql`select r.id, r.message_id, r.created_at,
        ${cursorTime(sql`r.created_at`)} as cursor_key
      from chat_reports r
      where r.status = 'open' ${past}
        and not exists (
          select 1 from chat_reports e
          where e.message_id = r.message_id and e.status = 'open'
            and (e.created_at, e.id) < (r.created_at, r.id)
        )
      order by r.created_at, r.id
      limit ${limit}`,
  );
}

export interface ChatReportRow extends ReportColumns {
  message_id: number | string;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

/** Every open report of the messages, with its reporter, oldest first: one statement. */
export function openChatReportsOf(db: Db, messageIds: number[]): Promise<ChatReportRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return queryRows<ChatReportRow>(
    db,
    sql`select r.id, r.message_id, r.category, r.reason, r.created_at,
        u.id as reporter_id, u.name as reporter_name, u.username as reporter_username,
        u.display_username as reporter_display_username, u.image as reporter_image,
        u.role as reporter_role, u.deleted_at as reporter_deleted_at
      from chat_reports r
      join users u on u.id = r.reporter_id
      where r.status = 'open' and r.message_id in (${idList(messageIds)})
      order by r.created_at, r.id`,
  );
}

export interface ReportedChatMessageRow extends AuthorColumns {
  id: number | string;
  room_id: number;
  room_name: string;
  room_archived_at: string | Date | null;
  body_html: string;
  hidden_at: string | Date | null;
  hidden_reason: string | null;
  deleted_at: string | Date | null;
  edited_at: string | Date | null;
  created_at: string | Date;
  author_created_at: string | Date;
}

/** The reported messages as a moderator sees them: text, room and author. */
export function reportedChatMessages(
  db: Db,
  messageIds: number[],
): Promise<ReportedChatMessageRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return queryRows<ReportedChatMessageRow>(
    db,
    sql`select m.id, m.room_id, room.name as room_name, room.archived_at as room_archived_at,
        m.body_html, m.hidden_at, m.hidden_reason, m.deleted_at, m.edited_at, m.created_at,
        u.id as author_id, u.name as author_name, u.username as author_username,
        u.display_username as author_display_username, u.image as author_image,
        u.role as author_role, u.deleted_at as author_deleted_at,
        u.created_at as author_created_at
      from chat_messages m
      join chat_rooms room on room.id = m.room_id
      join users u on u.id = m.author_id
      where m.id in (${idList(messageIds)})`,
  );
}
