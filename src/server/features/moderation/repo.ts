import { sql } from 'drizzle-orm';
import type { OwnReportColumns, ReportColumns } from '../../core/report-columns.js';
import { cursorTime, pastTimeBound } from '../../core/cursor.js';
import { queryRows, type Db } from '../../platform/db/database.js';

export interface FirstReportRow {
  id: number | string;
  post_id: number | string;
  comment_id: number | string | null;
  created_at: string | Date;
  cursor_key: string;
}

export interface ReportRow extends ReportColumns {
  post_id: number | string;
  comment_id: number | string | null;
}

/**
 * Items whose first open report comes after (`time`, `id`), oldest first: each item's first
 * open report only (an earlier open report of the same item rules a row out).
 */
export function firstOpenReports(
  db: Db,
  after: { time: string; id: number } | undefined,
  limit: number,
): Promise<FirstReportRow[]> {
  const past = pastTimeBound('r', after, 'oldest first');
  return queryRows<FirstReportRow>(
    db,
    sql`select r.id, r.post_id, r.comment_id, r.created_at,
      ${cursorTime(sql`r.created_at`)} as cursor_key
    from reports r
    where r.status = 'open' ${past}
      and not exists (
        select 1 from reports e
        where e.post_id = r.post_id and e.status = 'open'
          and (e.comment_id = r.comment_id or (e.comment_id is null and r.comment_id is null))
          and (e.created_at, e.id) < (r.created_at, r.id)
      )
    order by r.created_at, r.id
    limit ${limit}`,
  );
}

/** Every open report of the page's items, with its reporter: one statement for the page. */
export function openReportsOn(db: Db, postIds: number[]): Promise<ReportRow[]> {
  return queryRows<ReportRow>(
    db,
    sql`select r.id, r.post_id, r.comment_id, r.category, r.reason, r.created_at,
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
    order by r.created_at, r.id`,
  );
}

export interface ForumReportRow extends OwnReportColumns {
  post_id: number | string;
  comment_id: number | string | null;
  article_id: number | string | null;
  title: string;
}

/** A reporter's forum reports made before (`time`, `id`), newest first, with their thread. */
export function forumReportsBy(
  db: Db,
  reporterId: string,
  before: { time: string; id: number } | undefined,
  limit: number,
): Promise<ForumReportRow[]> {
  const earlier = pastTimeBound('r', before, 'newest first');
  return queryRows<ForumReportRow>(
    db,
    sql`select r.id, r.post_id, r.comment_id, p.title, r.category, r.reason, r.status,
        r.resolution, r.created_at, r.resolved_at,
        (select ar.id from news_articles ar where ar.discussion_post_id = p.id limit 1)
          as article_id,
        ${cursorTime(sql`r.created_at`)} as cursor_key
      from reports r
      join posts p on p.id = r.post_id
      where r.reporter_id = ${reporterId} ${earlier}
      order by r.created_at desc, r.id desc
      limit ${limit}`,
  );
}
