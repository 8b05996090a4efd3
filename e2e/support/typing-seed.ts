import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/platform/db/database';
import { insertCast, type CastMember } from './cast';

export const reader: CastMember = {
  name: 'Ruth Slowphone',
  username: 'ruth',
  email: 'ruth@example.test',
  password: 'ruth-velvet-balcony-58',
  role: 'user',
};

export const thread = { title: 'Films worth the long wait' };

/** A member of a month's standing, and a thread for her to reply to. */
export async function seedTyping(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    const ids = await insertCast(db, [reader]);
    await db.execute(sql`update users set created_at = now() - interval '30 days'`);
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html,
                         created_at, last_activity_at)
      select id, ${ids.get(reader.username) ?? ''}, ${thread.title}, 'Which ones?',
             '<p>Which ones?</p>', now() - interval '2 days', now() - interval '2 days'
      from categories where slug = 'discussions'`);
  } finally {
    await database.close();
  }
}
