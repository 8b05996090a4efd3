import { sql, type SQL } from 'drizzle-orm';
import type { AuthorColumns } from '../../core/author.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { memberCounts } from '../users/index.js';

/** The SQL of what moderators look at: reported or moderated items, and their authors. */

/** A reported or moderated item: a thread (`commentId` null) or one of its replies. */
export interface ItemKey {
  postId: number;
  commentId: number | null;
}

export interface TargetRow extends AuthorColumns {
  post_id: number | string;
  comment_id: number | string | null;
  title: string;
  body_html: string;
  category_id: number;
  category_slug: string;
  category_name: string;
  hidden_at: string | Date | null;
  hidden_reason: string | null;
  locked: boolean;
  pinned: boolean;
  deleted_at: string | Date | null;
  created_at: string | Date;
  author_created_at: string | Date;
  post_count: number | string;
  comment_count: number | string;
  reports_against: number | string;
  sanctions: number | string;
}

/**
 * The items as a moderator sees them, each with its author and the author's history, in one
 * statement: the keys drive primary-key lookups, and the history counts are correlated
 * subqueries on the author (users/member-history-sql.ts).
 */
function targetsQuery(items: ItemKey[]): SQL {
  const keys = sql.join(
    items.map((item) => sql`(${item.postId}::bigint, ${item.commentId}::bigint)`),
    sql`, `,
  );
  const counts = memberCounts(sql`u.id`);
  const ofItem = (post: SQL, comment: SQL) =>
    sql`case when k.comment_id is null then ${post} else ${comment} end`;
  return sql`select k.post_id, k.comment_id, p.title,
      ${ofItem(sql`p.body_html`, sql`c.body_html`)} as body_html,
      cat.id as category_id, cat.slug as category_slug, cat.name as category_name,
      ${ofItem(sql`p.hidden_at`, sql`c.hidden_at`)} as hidden_at,
      ${ofItem(sql`p.hidden_reason`, sql`c.hidden_reason`)} as hidden_reason,
      p.locked, p.pinned,
      ${ofItem(sql`p.deleted_at`, sql`c.deleted_at`)} as deleted_at,
      ${ofItem(sql`p.created_at`, sql`c.created_at`)} as created_at,
      u.id as author_id, u.name as author_name, u.username as author_username,
      u.display_username as author_display_username, u.image as author_image,
      u.role as author_role, u.deleted_at as author_deleted_at, u.created_at as author_created_at,
      ${counts.postCount} as post_count, ${counts.commentCount} as comment_count,
      ${counts.reportsAgainst} as reports_against, ${counts.sanctions} as sanctions
    from (values ${keys}) as k(post_id, comment_id)
    join posts p on p.id = k.post_id
    left join comments c on c.id = k.comment_id and c.post_id = k.post_id
    join categories cat on cat.id = p.category_id
    join users u on u.id = (case when k.comment_id is null then p.author_id else c.author_id end)`;
}

/** The existing items among `items` (none are asked for when it is empty). */
export function targetRows(db: Db, items: ItemKey[]): Promise<TargetRow[]> {
  return queryRows<TargetRow>(db, targetsQuery(items));
}

export interface HistoryRow {
  id: string;
  created_at: string | Date;
  post_count: number | string;
  comment_count: number | string;
  reports_against: number | string;
  sanctions: number | string;
}

/** The history counts of these members (users/member-history-sql.ts), one statement for them all. */
export function memberHistoryRows(db: Db, memberIds: string[]): Promise<HistoryRow[]> {
  const counts = memberCounts(sql`u.id`);
  return queryRows<HistoryRow>(
    db,
    sql`select u.id, u.created_at, ${counts.postCount} as post_count,
        ${counts.commentCount} as comment_count, ${counts.reportsAgainst} as reports_against,
        ${counts.sanctions} as sanctions
      from users u
      where u.id in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}
