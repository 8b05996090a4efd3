import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidArgument } from '../../../shared/errors.js';
import type {
  MyReport,
  myReportsQuery,
  PostModerationAction,
  ReportCategory,
} from '../../../shared/moderation.js';
import type { Db } from '../../platform/db/database.js';
import { posts, reports } from '../../platform/db/schema.js';

const encodeCursor = (id: number) => Buffer.from(String(id)).toString('base64url');
function decodeCursor(cursor: string): number {
  const id = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isSafeInteger(id) || id < 1) {
    throw invalidArgument('This page link is not valid any more: start again from the first page');
  }
  return id;
}

/**
 * A reporter's own reports, newest first, with what the moderators did about each, so nobody
 * reports into a void. (At scale this wants an index on reports (reporter_id, id desc).)
 */
export async function myReports(
  db: Db,
  reporterId: string,
  query: z.output<typeof myReportsQuery>,
): Promise<{ items: MyReport[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(reports.reporterId, reporterId)];
  if (query.cursor) conditions.push(lt(reports.id, decodeCursor(query.cursor)));
  const rows = await db
    .select({ report: reports, title: posts.title })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .where(and(...conditions))
    .orderBy(desc(reports.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ report, title }) => {
      const postId = Number(report.postId);
      const commentId = report.commentId === null ? null : Number(report.commentId);
      return {
        id: Number(report.id),
        target: {
          type: commentId === null ? 'post' : 'comment',
          postId,
          commentId,
          title,
          link: `/forum/post/${postId}${commentId === null ? '' : `#reply-${commentId}`}`,
        },
        category: report.category as ReportCategory,
        reason: report.reason,
        status: report.status === 'open' ? 'open' : 'resolved',
        resolution: (report.resolution as PostModerationAction | null) ?? null,
        createdAt: report.createdAt.toISOString(),
        resolvedAt: report.resolvedAt?.toISOString() ?? null,
      };
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.report.id)) : null,
  };
}
