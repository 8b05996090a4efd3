import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createJobRunner } from '../../src/server/core/jobs.js';
import { notifyJobKind } from '../../src/server/core/notify.js';
import { notificationWriter } from '../../src/server/features/notifications/index.js';
import { tellableEvents } from '../../src/server/notified-events.js';
import { queryRows } from '../../src/server/platform/db/database.js';
import { demoMembers } from './content/members.js';
import type { DemoSite } from './site.js';

/**
 * The notifications the demo's replies, likes, mentions and moderation asked for (the seed
 * wrote them through the forum's services, which record each event) are written now by the
 * notifications feature's own job, dated like the content they tell of; older ones are read.
 * The e-mails they would owe are dropped: nobody is mailed about a demo. Each member has read
 * the threads they took part in up to a few replies before the end, so some show "new".
 */
export async function seedNotifications(site: DemoSite): Promise<void> {
  const { db } = site;
  const writeNotifications = notificationWriter(tellableEvents);
  const runner = createJobRunner({
    db,
    handlers: {
      [notifyJobKind]: async (payload, context) => {
        await writeNotifications(db, payload, context, () => Promise.resolve());
      },
    },
    log: pino({ level: 'silent' }),
    pollMs: 60_000,
    leaseMs: 5 * 60_000,
    maxAttempts: 3,
    batchSize: 20,
  });
  await runner.runDue();
  await queryRows(db, sql`delete from jobs where kind in ('notify.mail', 'notify.digest')`);
  await queryRows(
    db,
    sql`update notifications n set mail_pending = null,
        created_at = coalesce(
          (select c.created_at from comments c where c.id = n.comment_id),
          (select m.created_at from chat_messages m where m.id = n.chat_message_id),
          (select p.created_at from posts p where p.id = n.post_id and n.comment_id is null),
          n.created_at)
      where n.mail_pending is not null or n.read_at is null`,
  );
  await queryRows(
    db,
    sql`update notifications set read_at = created_at + interval '1 hour'
      where read_at is null and created_at < now() - interval '4 days'`,
  );
  const usernames = demoMembers.map((member) => member.username);
  await queryRows(
    db,
    sql`insert into thread_reads (user_id, post_id, last_read_comment_id, read_count)
      select u.id, p.id, coalesce(upto.id, 0), coalesce(upto.position, 0)
      from users u
      join posts p on p.author_id = u.id
        or exists (select 1 from comments mine where mine.post_id = p.id and mine.author_id = u.id)
      left join lateral (
        select c.id, c.position from (
          select id, row_number() over (order by id) as position,
            count(*) over () as total
          from comments where post_id = p.id
        ) c where c.position = greatest(c.total - 2, 1) limit 1
      ) upto on true
      where u.username = any(${`{${usernames.join(',')}}`}::text[])
      on conflict (user_id, post_id) do nothing`,
  );
}
