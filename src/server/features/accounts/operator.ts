import { randomBytes } from 'node:crypto';
import { usernameSchema } from '../../../shared/accounts.js';
import type { Role } from '../../../shared/roles.js';
import { recordAudit, systemActor, type AuditRecord } from '../../core/audit.js';
import type { Db } from '../../platform/db/database.js';
import { hashPassword } from './password-hash.js';
import { findUserByEmail, insertAccount, setRole, usernameTaken } from './repo.js';

/**
 * The operator's commands (`npm run admin`, src/server/cli/admin.ts): the first admin and later
 * role changes, made with no account, so the audit log names the site itself as the actor.
 */

function roleEntry(
  user: { id: string; username: string | null },
  before: string | null,
  after: Role,
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

/** Gives the member with this address a role; returns the role they had. */
export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<string | null> {
  const existing = await findUserByEmail(db, email);
  if (!existing || existing.deletedAt) throw new Error(`No account with the email ${email}`);
  await db.transaction(async (tx) => {
    await setRole(tx, existing.id, role);
    await recordAudit(tx, roleEntry(existing, existing.role, role));
  });
  return existing.role;
}

/** A verified account with a temporary password, to sign in with and change. */
export async function createAccountByEmail(
  db: Db,
  email: string,
  role: Role,
): Promise<{ username: string; password: string }> {
  if (await findUserByEmail(db, email)) {
    throw new Error(`An account with the email ${email} already exists`);
  }
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
  return { username, password };
}
