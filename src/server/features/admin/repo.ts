import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.js';

/** The SQL of the admin dashboard. */

export interface StatsRow {
  users: number;
  new_users_this_week: number;
  posts: number;
  comments: number;
  open_reports: number;
  pending_mod_requests: number;
}

/**
 * The dashboard's counts in one round trip. Deleted accounts and content do not count; the
 * news discussion threads do (they are threads people reply in).
 */
export async function dashboardCounts(db: Db): Promise<StatsRow> {
  const [row] = await queryRows<StatsRow>(
    db,
    sql`select
      (select count(*)::integer from users where deleted_at is null) as users,
      (select count(*)::integer from users
        where deleted_at is null and created_at > now() - interval '7 days') as new_users_this_week,
      (select count(*)::integer from posts where deleted_at is null) as posts,
      (select count(*)::integer from comments where deleted_at is null) as comments,
      (select count(*)::integer from reports where status = 'open')
        + (select count(*)::integer from chat_reports where status = 'open') as open_reports,
      (select count(*)::integer from mod_requests where status = 'open') as pending_mod_requests`,
  );
  if (!row) throw new Error('the stats query returned no row');
  return row;
}
