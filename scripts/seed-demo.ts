// `npm run seed:demo`: fills the site with a demo community (members of every role, threads,
// reviews, replies, likes, news, chat rooms and messages, reports, a moderator request, and a
// donation campaign with donations paid through the demo checkout, their receipts in the mail
// outbox), takes a backup of it (recorded for the admin Status page) and prints how to sign in with one account per role. Safe to run again: it adds only what is
// missing, and gives the printed accounts fresh random passwords, since a demo site reachable
// from elsewhere must not share known passwords.
import { exitWithMessage, openScriptDatabase } from '../src/server/cli/open-database.js';
import pino from 'pino';
import { startServerBackups } from '../src/server/backup/server-backups.js';
import { openStorage } from '../src/server/platform/storage/open-storage.js';
import { seedDemo } from './seed/demo.js';

async function main() {
  const { config, database, close } = await openScriptDatabase();
  try {
    const storage = await openStorage(config);
    try {
      const credentials = await seedDemo({ db: database.db, storage, config });
      const lines = credentials.map(
        ({ role, email, password }) => `  ${role.padEnd(22)} ${email.padEnd(30)} ${password}`,
      );
      const factors = credentials.flatMap(({ email, secondFactor }) =>
        secondFactor
          ? [
              `${email} asks for a second factor after its password.`,
              `  Authenticator key (add it to an app, or scan it as a QR code): ${secondFactor.uri}`,
              `  Or one recovery code (works once): ${secondFactor.recoveryCode}`,
            ]
          : [],
      );
      const identities = credentials.flatMap(({ email, linkedIdentity }) =>
        linkedIdentity
          ? [
              `${email} is linked to ${linkedIdentity} at the local test provider: run`,
              '  npm run dev:idp, start the site with the OIDC_* variables it prints, and',
              `  "Continue with Test IdP" as ${linkedIdentity} signs in to it.`,
            ]
          : [],
      );
      // One backup, recorded as the server records its own, so the admin Status page has one.
      const backups = await startServerBackups({
        config: { ...config, backups: { ...config.backups, everyMs: undefined } },
        platforms: { database, storage },
        log: pino({ level: 'silent' }),
      });
      const backup = await backups.take('command').finally(() => backups.close());
      process.stdout.write(
        `A backup of it is in ${backup.file} (/admin/status lists it).\n` +
          `Demo content is in ${database.kind === 'pglite' ? config.dataDir : 'the PostgreSQL database'}.\n` +
          `Accounts (role, email, password):\n${lines.join('\n')}\n` +
          (factors.length > 0 ? `${factors.join('\n')}\n` : '') +
          (identities.length > 0 ? `${identities.join('\n')}\n` : ''),
      );
    } finally {
      await storage.close();
    }
  } finally {
    await close();
  }
}

main().catch(exitWithMessage);
