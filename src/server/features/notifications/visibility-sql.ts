import { sql, type SQL } from 'drizzle-orm';
import { defaultDeliveries, notificationTypes } from '../../../shared/notifications.js';

/**
 * The joins and the rule that keep a notification from showing what its reader can no longer
 * see: a thread, reply or chat message hidden (unless the reader wrote it or moderates) or
 * deleted, an article taken back to draft, or an actor blocked since. Moderation and moderator
 * request notices are about the reader themselves and always show. `n` is the notification,
 * `me` its reader (users).
 */
export const visibilityJoins = sql`
  join users me on me.id = n.user_id
  left join posts p on p.id = n.post_id
  left join comments c on c.id = n.comment_id
  left join chat_messages m on m.id = n.chat_message_id
  left join news_articles ar on ar.id = n.article_id
  left join users a on a.id = n.actor_id`;

const moderates = sql`me.role in ('moderator', 'experienced_moderator', 'admin')`;

export const blockedNow = (alias: string) =>
  sql.raw(`(${alias}.banned and (${alias}.ban_expires is null or ${alias}.ban_expires > now()))`);

export const visibleToReader: SQL = sql`(n.type in ('moderation', 'mod_request') or (
    (p.id is null or (p.deleted_at is null
      and (p.hidden_at is null or p.author_id = n.user_id or ${moderates})))
    and (c.id is null or (c.deleted_at is null
      and (c.hidden_at is null or c.author_id = n.user_id or ${moderates})))
    and (m.id is null or (m.deleted_at is null and (m.hidden_at is null or ${moderates})))
    and (ar.id is null or ar.status = 'published'
      or (ar.status = 'scheduled' and ar.publish_at <= now()))
    and (a.id is null or (a.deleted_at is null and not ${blockedNow('a')}))
  ))`;

/** A member's delivery of the type `type` (a SQL text), their setting or the default. */
export function deliveryOf(setting: SQL, type: SQL): SQL {
  const cases = notificationTypes.map(
    (name) => sql`when ${sql.raw(`'${name}'`)} then ${sql.raw(`'${defaultDeliveries[name]}'`)}`,
  );
  return sql`coalesce(${setting}, case ${type} ${sql.join(cases, sql` `)} else 'off' end)`;
}
