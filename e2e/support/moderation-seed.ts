import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Role } from '../../src/shared/roles';
import { insertCast, type CastMember } from './cast';
import { openPglite } from '../../src/server/platform/db/database';
import { users } from '../../src/server/schema.js';

/** One member of the story, signed in through the form with this password. */
export type Member = CastMember;

const member = (name: string, role: Role): Member => ({
  name,
  username: name.toLowerCase(),
  email: `${name.toLowerCase()}@example.test`,
  password: `${name.toLowerCase()}-lantern-orchard-51`,
  role,
});

/** Four rungs of the ladder, plus a second plain member whose thread gets reported. */
export const cast = {
  admin: member('Ada', 'admin'),
  experienced: member('Erin', 'experienced_moderator'),
  moderator: member('Milo', 'moderator'),
  user: member('Uma', 'user'),
  author: member('Pat', 'user'),
};

export const reportedThread = {
  title: 'Buy cheap film posters at my shop today',
  body: 'Visit my shop for the cheapest posters. Limited offer!',
};

/**
 * Writes the cast into a fresh data directory before its server starts: verified accounts made
 * ten days ago (old enough to ask to become a moderator) and one thread by Pat.
 */
export async function seedModerationCast(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    const ids = await insertCast(db, Object.values(cast));
    await db
      .update(users)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(inArray(users.id, [...ids.values()]));
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html)
      select id, ${ids.get(cast.author.username)}, ${reportedThread.title},
             ${reportedThread.body}, ${`<p>${reportedThread.body}</p>`}
      from categories where slug = 'discussions'`);
  } finally {
    await database.close();
  }
}
