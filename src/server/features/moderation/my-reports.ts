import { z } from 'zod';
import { chatMessageLink, threadLink } from '../../../shared/links.js';
import type { MyReport, myReportsQuery, ReportCategory } from '../../../shared/reports.js';
import type { PostModerationAction } from '../../../shared/moderation-actions.js';
import {
  boundsPast,
  compareMerged,
  encodeMergedCursor,
  type MergedEntry,
} from './merged-cursor.js';
import type { Db } from '../../platform/db/database.js';
import { chatReportAction, chatReportsBy, type ReporterChatReportRow } from '../chat/index.js';
import { forumReportsBy, type ForumReportRow } from './repo.js';

/*
 * A reporter's own reports, forum and chat together, newest first, with what the moderators did
 * about each, so nobody reports into a void. Each kind is read newest first from its own table
 * and the two are merged, as the review queue merges them (queue.ts); at one moment, chat's come
 * before the forum's.
 */

interface Entry extends MergedEntry {
  report: MyReport;
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
  const before = query.cursor ? boundsPast(query.cursor) : undefined;
  const [forum, chat] = await Promise.all([
    forumReportsBy(db, reporterId, before?.forum, query.limit + 1),
    chatReportsBy(db, reporterId, before?.chat, query.limit + 1),
  ]);
  const merged = [...forum.map(forumEntry), ...chat.map(chatEntry)].sort((a, b) =>
    compareMerged(b, a),
  );
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((entry) => entry.report),
    nextCursor: merged.length > query.limit && last ? encodeMergedCursor(last) : null,
  };
}
