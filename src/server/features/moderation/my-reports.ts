import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { chatMessageLink, threadLink } from '../../../shared/links.js';
import type {
  MyReport,
  myReportsQuery,
  PostModerationAction,
  ReportCategory,
} from '../../../shared/moderation.js';
import { cursorRowId, cursorTimestamp, decodeCursor, encodeCursor } from '../../core/cursor.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { chatReportAction, chatReportsBy, type ReporterChatReportRow } from '../chat/index.js';

/*
 * A reporter's own reports, forum and chat together, newest first, with what the moderators did
 * about each, so nobody reports into a void. Each kind is read newest first from its own table
 * and the two are merged, as the review queue merges them (queue.ts); at one moment, chat's come
 * before the forum's.
 */

const kinds = { forum: 0, chat: 1 } as const;
type Kind = keyof typeof kinds;
const cursorSchema = z.tuple([cursorTimestamp, z.union([z.literal(0), z.literal(1)]), cursorRowId]);

interface ForumReportRow {
  id: number | string;
  post_id: number | string;
  comment_id: number | string | null;
  article_id: number | string | null;
  title: string;
  category: string;
  reason: string;
  status: string;
  resolution: string | null;
  created_at: string | Date;
  resolved_at: string | Date | null;
  cursor_key: string;
}

interface Entry {
  kind: Kind;
  id: number;
  key: string;
  report: MyReport;
}

/**
 * Where each kind's page ends before a cursor, as a (time, id) bound on its own reports: after
 * a chat report, forum reports of the same moment still come; after a forum one, chat's do not.
 */
function boundsBefore(cursor: string): Record<Kind, { time: string; id: number }> {
  const [time, kind, id] = decodeCursor(cursor, cursorSchema);
  return kind === kinds.forum
    ? { forum: { time, id }, chat: { time, id: 0 } }
    : { forum: { time, id: Number.MAX_SAFE_INTEGER }, chat: { time, id } };
}

/** Newest first: later time, then chat before forum, then the higher id. */
const compareEntries = (a: Entry, b: Entry) =>
  a.key > b.key ? -1 : a.key < b.key ? 1 : kinds[b.kind] - kinds[a.kind] || b.id - a.id;

function forumReportsBy(
  db: Db,
  reporterId: string,
  before: { time: string; id: number } | undefined,
  limit: number,
): Promise<ForumReportRow[]> {
  const earlier = before
    ? sql`and (r.created_at, r.id) < (${before.time}::timestamptz, ${before.id}::bigint)`
    : sql``;
  return queryRows<ForumReportRow>(
    db,
    sql`select r.id, r.post_id, r.comment_id, p.title, r.category, r.reason, r.status,
        r.resolution, r.created_at, r.resolved_at,
        (select ar.id from news_articles ar where ar.discussion_post_id = p.id limit 1)
          as article_id,
        to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_key
      from reports r
      join posts p on p.id = r.post_id
      where r.reporter_id = ${reporterId} ${earlier}
      order by r.created_at desc, r.id desc
      limit ${limit}`,
  );
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The fields both kinds share. */
function outcome(
  row: ForumReportRow | ReporterChatReportRow,
  resolution: PostModerationAction | null,
) {
  return {
    category: row.category as ReportCategory,
    reason: row.reason,
    status: row.status === 'open' ? ('open' as const) : ('resolved' as const),
    resolution,
    createdAt: iso(row.created_at),
    resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
  };
}

function forumEntry(row: ForumReportRow): Entry {
  const id = Number(row.id);
  const postId = Number(row.post_id);
  const commentId = row.comment_id === null ? null : Number(row.comment_id);
  const articleId = row.article_id === null ? null : Number(row.article_id);
  return {
    kind: 'forum',
    id,
    key: row.cursor_key,
    report: {
      id: `forum-${id}`,
      target: {
        type: commentId === null ? 'post' : 'comment',
        postId,
        commentId,
        title: row.title,
        link: threadLink({ postId, articleId }, commentId),
      },
      ...outcome(row, row.resolution as PostModerationAction | null),
    },
  };
}

function chatEntry(row: ReporterChatReportRow): Entry {
  const id = Number(row.id);
  const messageId = Number(row.message_id);
  return {
    kind: 'chat',
    id,
    key: row.cursor_key,
    report: {
      id: `chat-${id}`,
      target: {
        type: 'message',
        roomId: row.room_id,
        messageId,
        title: row.room_name,
        link: chatMessageLink(row.room_id, messageId),
      },
      ...outcome(row, chatReportAction(row.resolution)),
    },
  };
}

export async function myReports(
  db: Db,
  reporterId: string,
  query: z.output<typeof myReportsQuery>,
): Promise<{ items: MyReport[]; nextCursor: string | null }> {
  const before = query.cursor ? boundsBefore(query.cursor) : undefined;
  const [forum, chat] = await Promise.all([
    forumReportsBy(db, reporterId, before?.forum, query.limit + 1),
    chatReportsBy(db, reporterId, before?.chat, query.limit + 1),
  ]);
  const merged = [...forum.map(forumEntry), ...chat.map(chatEntry)].sort(compareEntries);
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((entry) => entry.report),
    nextCursor:
      merged.length > query.limit && last
        ? encodeCursor([last.key, kinds[last.kind], last.id])
        : null,
  };
}
