import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportCategory, ReviewItem, reviewQueueQuery } from '../../../shared/moderation.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { itemKey, loadTargets, type ItemKey } from './targets.js';
import { iso, presentAuthor } from '../../core/author.js';
import { cursorRowId, cursorTimestamp, decodeCursor, encodeCursor } from '../../core/cursor.js';

/*
 * The review queue: open reports grouped by item, the item whose first open report is oldest
 * first. A page walks reports_open_idx in time order and keeps only each item's first open
 * report (an earlier open report of the same item, looked up through reports_target_idx,
 * rules a row out), so a page costs its own rows however long the queue; the cursor is that
 * first report's exact time and id, which stay put while the item waits.
 */

interface FirstReportRow {
  id: number | string;
  post_id: number | string;
  comment_id: number | string | null;
  created_at: string | Date;
  cursor_key: string;
}

interface ReportRow {
  id: number | string;
  post_id: number | string;
  comment_id: number | string | null;
  category: string;
  reason: string;
  created_at: string | Date;
  reporter_id: string;
  reporter_name: string;
  reporter_username: string | null;
  reporter_display_username: string | null;
  reporter_image: string | null;
  reporter_role: string;
  reporter_deleted_at: string | Date | null;
}

const cursorSchema = z.tuple([cursorTimestamp, cursorRowId]);
const encodeQueueCursor = (row: FirstReportRow) => encodeCursor([row.cursor_key, Number(row.id)]);
function decodeQueueCursor(cursor: string): { time: string; id: number } {
  const [time, id] = decodeCursor(cursor, cursorSchema);
  return { time, id };
}

function firstReportsQuery(after: { time: string; id: number } | undefined, limit: number): SQL {
  const past = after
    ? sql`and (r.created_at, r.id) > (${after.time}::timestamptz, ${after.id}::bigint)`
    : sql``;
  return sql`select r.id, r.post_id, r.comment_id, r.created_at,
      to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_key
    from reports r
    where r.status = 'open' ${past}
      and not exists (
        select 1 from reports e
        where e.post_id = r.post_id and e.status = 'open'
          and (e.comment_id = r.comment_id or (e.comment_id is null and r.comment_id is null))
          and (e.created_at, e.id) < (r.created_at, r.id)
      )
    order by r.created_at, r.id
    limit ${limit}`;
}

/** Every open report of the page's items, with its reporter: one statement for the page. */
function openReportsQuery(postIds: number[]): SQL {
  return sql`select r.id, r.post_id, r.comment_id, r.category, r.reason, r.created_at,
      u.id as reporter_id, u.name as reporter_name, u.username as reporter_username,
      u.display_username as reporter_display_username, u.image as reporter_image,
      u.role as reporter_role, u.deleted_at as reporter_deleted_at
    from reports r
    join users u on u.id = r.reporter_id
    where r.status = 'open'
      and r.post_id in (${sql.join(
        postIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})
    order by r.created_at, r.id`;
}

const keyOf = (row: { post_id: number | string; comment_id: number | string | null }): ItemKey => ({
  postId: Number(row.post_id),
  commentId: row.comment_id === null ? null : Number(row.comment_id),
});

export async function reviewQueue(
  db: Db,
  query: z.output<typeof reviewQueueQuery>,
): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeQueueCursor(query.cursor) : undefined;
  const firsts = await queryRows<FirstReportRow>(db, firstReportsQuery(after, query.limit + 1));
  const page = firsts.slice(0, query.limit);
  if (page.length === 0) return { items: [], nextCursor: null };
  const keys = page.map(keyOf);
  const [targets, reports] = await Promise.all([
    loadTargets(db, keys),
    queryRows<ReportRow>(db, openReportsQuery([...new Set(keys.map((key) => key.postId))])),
  ]);
  const reportsByItem = new Map<string, ReviewItem['reports']>();
  for (const row of reports) {
    const key = itemKey(keyOf(row));
    const list = reportsByItem.get(key) ?? [];
    list.push({
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
    });
    reportsByItem.set(key, list);
  }
  const items = page.flatMap((first): ReviewItem[] => {
    const key = itemKey(keyOf(first));
    const loaded = targets.get(key);
    if (!loaded) return [];
    return [
      { ...loaded, reports: reportsByItem.get(key) ?? [], firstReportedAt: iso(first.created_at) },
    ];
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: firsts.length > query.limit && last ? encodeQueueCursor(last) : null,
  };
}
