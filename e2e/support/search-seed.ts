import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../src/shared/roles';
import { hashPassword, insertAccount } from '../../src/server/features/accounts/index.js';
import { openPglite, queryRows } from '../../src/server/platform/db/database';
import { users } from '../../src/server/schema.js';

/** One member of the search story, signed in through the form with this password. */
export interface SearchMember {
  name: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}

const member = (name: string, username: string, role: Role): SearchMember => ({
  name,
  username,
  email: `${username}@example.test`,
  password: `${username}-lantern-orchard-51`,
  role,
});

export const searchCast = {
  reader: member('Nadia Reader', 'nadia', 'user'),
  moderator: member('Milo Moderator', 'milo', 'moderator'),
  /** Found by a misspelt name. */
  sam: member('Samuel Watches', 'samwatches', 'user'),
};

/** A long thread: the reply people search for is on its third page of 50. */
export const pagedThread = {
  title: 'Every Hitchcock cameo, one per reply',
  replies: 140,
  /** The one reply holding this word, 120th of the thread. */
  wanted: 120,
  word: 'macguffinry',
};

/** A thread a moderator hid: members never find it, moderators do when they ask. */
export const hiddenThread = {
  title: 'Leaked ending of Vertiginous Skies',
  word: 'vertiginous',
};

/**
 * Writes the cast, a long thread whose 120th reply holds a rare word, and a hidden thread into
 * a fresh data directory before its server starts.
 */
export async function seedSearch(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    const ids = new Map<string, string>();
    for (const person of Object.values(searchCast)) {
      const id = await insertAccount(db, {
        ...person,
        emailVerified: true,
        passwordHash: await hashPassword(person.password),
      });
      ids.set(person.username, id);
      await db
        .update(users)
        .set({ createdAt: sql`now() - interval '10 days'` })
        .where(eq(users.id, id));
    }
    const author = ids.get(searchCast.sam.username);
    const [thread] = await queryRows<{ id: number }>(
      db,
      sql`
      insert into posts (category_id, author_id, title, body_source, body_html, reply_count)
      select id, ${author}, ${pagedThread.title}, 'One cameo per reply.', '<p>One cameo per reply.</p>',
             ${pagedThread.replies}
      from categories where slug = 'discussions' returning id`,
    );
    if (!thread) throw new Error('the paged thread was not written');
    await db.execute(sql`
      insert into comments (post_id, author_id, body_source, body_html, created_at)
      select ${thread.id}, ${author},
             body, '<p>' || body || '</p>',
             now() - make_interval(mins => ${pagedThread.replies} - g)
      from generate_series(1, ${pagedThread.replies}) g,
           lateral (select case when g = ${pagedThread.wanted}
                  then 'Cameo ' || g || ': the ' || ${pagedThread.word} || ' scene, a bus stop.'
                  else 'Cameo ' || g || ': walking a dog past the shop.' end as body) text`);
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html, hidden_at, hidden_reason)
      select id, ${author}, ${hiddenThread.title}, 'Spoilers ahead.', '<p>Spoilers ahead.</p>',
             now(), 'Spoilers without warning'
      from categories where slug = 'discussions'`);
  } finally {
    await database.close();
  }
}
