// `npm run seed:demo`: fills an empty site with demo content and one account per role, and
// prints how to sign in. Passwords are random per run: a demo site reachable from elsewhere
// must not share known passwords. Refuses to touch a site that already has accounts.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../src/server/features/accounts/password-hash.js';
import { count } from 'drizzle-orm';
import { writeSetting } from '../src/server/features/site/repo.js';
import { insertAccount } from '../src/server/features/accounts/repo.js';
import { users } from '../src/server/platform/db/schema.js';
import type { Role } from '../src/shared/roles.js';
import { exitWithMessage, openScriptDatabase } from '../src/server/cli/open-database.js';

const people: { role: Role; name: string; username: string }[] = [
  { role: 'admin', name: 'Margot Lindqvist', username: 'margot' },
  { role: 'experienced_moderator', name: 'Tomás Herrera', username: 'tomas_h' },
  { role: 'moderator', name: 'Aiko Tanaka', username: 'aiko' },
  { role: 'user', name: 'Sam Okafor', username: 'samwatches' },
];

async function seed() {
  const { config, database, close } = await openScriptDatabase();
  try {
    const [existing] = await database.db.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) {
      process.stdout.write('This site already has accounts: seed:demo only fills an empty site.\n');
      return;
    }
    const host =
      config.publicUrl.hostname === 'localhost' ? 'example.com' : config.publicUrl.hostname;
    const credentials: string[] = [];
    for (const person of people) {
      const email = `${person.username}@${host}`;
      const password = `demo-${randomBytes(6).toString('base64url')}`;
      await insertAccount(database.db, {
        email,
        name: person.name,
        username: person.username,
        role: person.role,
        emailVerified: true,
        passwordHash: await hashPassword(password),
      });
      credentials.push(`  ${person.role.padEnd(22)} ${email.padEnd(30)} ${password}`);
    }
    await writeSetting(
      database.db,
      'site.description',
      'Film reviews and viewpoints from people who stay for the credits: write about what you watched, argue kindly, find your next favourite.',
    );
    process.stdout.write(
      `Demo content added to ${database.kind === 'pglite' ? config.dataDir : 'the PostgreSQL database'}.\n` +
        `Accounts (role, email, password):\n${credentials.join('\n')}\n`,
    );
  } finally {
    await close();
  }
}

seed().catch(exitWithMessage);
