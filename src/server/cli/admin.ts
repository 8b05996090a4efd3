// `npm run admin -- set-role <email> <role>` and `npm run admin -- create <email> [role]`:
// operator commands for the first admin and later role changes. On PGlite they take the data
// directory lock, so they refuse clearly while the server runs (stop it, or use PostgreSQL,
// where they work next to running servers: roles are read from the database on every request).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailSchema, usernameSchema } from '../../shared/accounts.js';
import { isRole, roles } from '../../shared/roles.js';
import { recordAudit, systemActor, type AuditRecord } from '../core/audit.js';
import { hashPassword } from '../features/accounts/password-hash.js';
import { findUserByEmail, insertAccount, usernameTaken } from '../features/accounts/repo.js';
import type { Db } from '../platform/db/database.js';
import { users } from '../core/schema.js';
import { exitWithMessage, openScriptDatabase } from './open-database.js';

const usage = `Usage:
  npm run admin -- set-role <email> <role>     role: ${roles.join(', ')}
  npm run admin -- create <email> [role]       creates a verified account (default role: admin)`;

function parseEmail(value: string | undefined): string {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new Error(`Not an email address: ${value ?? '(missing)'}\n${usage}`);
  return parsed.data;
}

function parseRole(value: string | undefined, fallback?: string): string {
  const role = value ?? fallback;
  if (!isRole(role)) throw new Error(`Not a role: ${value ?? '(missing)'}\n${usage}`);
  return role;
}

/** A free username from the address: letters, digits and _ only, 3–20 characters. */
async function freeUsername(db: Db, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 16);
  const stem = base.length >= 3 ? base : `user_${base}`;
  for (let n = 0; n < 100; n += 1) {
    const candidate = n === 0 ? stem : `${stem.slice(0, 16)}${n}`;
    if (usernameSchema.safeParse(candidate).success && !(await usernameTaken(db, candidate))) {
      return candidate;
    }
  }
  throw new Error('Could not find a free username for this address');
}

/** The operator acts with no account: the audit log records the site itself as the actor. */
function roleEntry(
  user: { id: string; username: string | null },
  before: string | null,
  after: string,
): AuditRecord {
  return {
    actor: systemActor,
    action: 'user.role',
    target: { type: 'user', id: user.id, label: user.username ?? '' },
    reason: 'Changed from the command line',
    before: { role: before },
    after: { role: after },
  };
}

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  if (command !== 'set-role' && command !== 'create') throw new Error(usage);
  const email = parseEmail(rest[0]);
  const role = command === 'set-role' ? parseRole(rest[1]) : parseRole(rest[1], 'admin');
  const { database, close } = await openScriptDatabase();
  try {
    const db = database.db;
    const existing = await findUserByEmail(db, email);
    if (command === 'set-role') {
      if (!existing || existing.deletedAt) throw new Error(`No account with the email ${email}`);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        await recordAudit(tx, roleEntry(existing, existing.role, role));
      });
      return `${email} is now ${role} (was ${existing.role}).`;
    }
    if (existing) throw new Error(`An account with the email ${email} already exists`);
    const password = randomBytes(12).toString('base64url');
    const username = await freeUsername(db, email);
    const id = await insertAccount(db, {
      email,
      name: username,
      username,
      role,
      emailVerified: true,
      passwordHash: await hashPassword(password),
    });
    await recordAudit(db, roleEntry({ id, username }, null, role));
    return (
      `Created ${role} ${email} (username ${username}).\n` +
      `Temporary password: ${password}\nSign in and change it under /user-profile.`
    );
  } finally {
    await close();
  }
}

run(process.argv.slice(2))
  .then((message) => process.stdout.write(`${message}\n`))
  .catch(exitWithMessage);
