import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/platform/db/database';
import { insertCast, type CastMember } from './cast';

export type StoryMember = CastMember;

const member = (name: string): StoryMember => ({
  name,
  username: name.toLowerCase(),
  email: `${name.toLowerCase()}@example.test`,
  password: `${name.toLowerCase()}-reel-balcony-58`,
  role: 'user',
});

export const cast = { ana: member('Ana'), ben: member('Ben'), cleo: member('Cleo') };

export const thread = { title: 'Best heist films of the decade', earlierReplies: 3 };
export const earlierReply = (n: number) => `Earlier thought number ${n}`;

/**
 * The cast (verified, a month old), and Ben's thread with three replies by Cleo that Ben has
 * read: he watches it, as an author does, and nothing in it is new to him yet.
 */
export async function seedNotifications(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    const ids = await insertCast(db, Object.values(cast));
    await db.execute(sql`update users set created_at = now() - interval '30 days'`);
    const ben = ids.get(cast.ben.username) ?? '';
    const cleo = ids.get(cast.cleo.username) ?? '';
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html, reply_count,
                         created_at, last_activity_at)
      select id, ${ben}, ${thread.title}, 'Which ones hold up?', '<p>Which ones hold up?</p>',
             ${thread.earlierReplies}, now() - interval '2 days', now() - interval '1 day'
      from categories where slug = 'discussions'`);
    await db.execute(sql`
      insert into comments (post_id, author_id, body_source, body_html, created_at)
      select (select max(id) from posts), ${cleo}, 'Earlier thought number ' || g,
             '<p>Earlier thought number ' || g || '</p>', now() - make_interval(hours => 30 - g)
      from generate_series(1, ${thread.earlierReplies}) g`);
    await db.execute(sql`
      insert into thread_watches (user_id, post_id, level)
      values (${ben}, (select max(id) from posts), 'watching')`);
    await db.execute(sql`
      insert into thread_reads (user_id, post_id, last_read_comment_id, read_count)
      values (${ben}, (select max(id) from posts), (select max(id) from comments),
              ${thread.earlierReplies})`);
  } finally {
    await database.close();
  }
}
