import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Role } from '../../src/shared/roles';
import { insertCast, type CastMember } from './cast';
import { openPglite } from '../../src/server/platform/db/database';

/** One member of the story, signed in through the form with this password. */
export type ChatMember = CastMember;

const member = (name: string, role: Role): ChatMember => ({
  name,
  username: name.toLowerCase(),
  email: `${name.toLowerCase()}@example.test`,
  password: `${name.toLowerCase()}-marquee-popcorn-73`,
  role,
});

/** Two members who talk, a moderator, and a member muted for a day. */
export const chatCast = {
  ann: member('Ann', 'user'),
  ben: member('Ben', 'user'),
  mia: member('Mia', 'moderator'),
  uma: member('Uma', 'user'),
};

export const muteReason = 'Spoilers posted without warning';

/** Messages already in General before the story starts: more than two pages of history. */
export const seededMessages = 120;
export const seededText = (n: number) => `Seeded message number ${n}`;

/**
 * Writes the cast (verified accounts, Uma muted until tomorrow) and a long history in the
 * General room into a fresh data directory before its server starts.
 */
export async function seedChat(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    const ids = await insertCast(db, Object.values(chatCast));
    await db.execute(sql`
      update users set muted_until = now() + interval '1 day', mute_reason = ${muteReason}
      where id = ${ids.get(chatCast.uma.username)}`);
    await db.execute(sql`
      insert into chat_messages (room_id, author_id, nonce, body_source, body_html, created_at)
      select r.id, ${ids.get(chatCast.ben.username)}, 'seed-' || n,
             'Seeded message number ' || n, '<p>Seeded message number ' || n || '</p>',
             now() - make_interval(mins => ${seededMessages} - n + 60)
      from generate_series(1, ${seededMessages}) as n, chat_rooms r where r.is_general`);
  } finally {
    await database.close();
  }
}
