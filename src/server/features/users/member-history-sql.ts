import { sql, type SQL } from 'drizzle-orm';

/**
 * What a moderator sees of a member: their threads and replies, the reports against them and
 * the sanctions on their account. Each count is a correlated subquery on the member's id, so a
 * list of members (or a queue of their content) reads them in the same statement, through the
 * author indexes (posts_author_newest_idx, comments_author_idx, chat_messages_nonce_idx), the
 * report indexes (reports_target_idx, chat_reports_message_idx) and
 * audit_log_target_idx. The aliases are unusual so they never shadow the outer query's.
 */
export function memberCounts(userId: SQL) {
  return {
    postCount: sql<number>`(select count(*)::int from posts mh_p
      where mh_p.author_id = ${userId} and mh_p.deleted_at is null)`.mapWith(Number),
    commentCount: sql<number>`(select count(*)::int from comments mh_c
      where mh_c.author_id = ${userId} and mh_c.deleted_at is null)`.mapWith(Number),
    reportsAgainst: sql<number>`((select count(*)::int from posts mh_p
        join reports mh_r on mh_r.post_id = mh_p.id and mh_r.comment_id is null
        where mh_p.author_id = ${userId})
      + (select count(*)::int from comments mh_c
        join reports mh_r on mh_r.post_id = mh_c.post_id and mh_r.comment_id = mh_c.id
        where mh_c.author_id = ${userId})
      + (select count(*)::int from chat_messages mh_m
        join chat_reports mh_cr on mh_cr.message_id = mh_m.id
        where mh_m.author_id = ${userId}))`.mapWith(Number),
    // Mutes and blocks; lifting one, or a role change, is not a sanction.
    sanctions: sql<number>`(select count(*)::int from audit_log mh_a
      where mh_a.target_type = 'user' and mh_a.target_id = ${userId}
        and mh_a.action in ('user.mute', 'user.block'))`.mapWith(Number),
  };
}
