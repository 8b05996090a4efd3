import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Passkey, SessionUser } from '../../../shared/accounts.js';
import { isRole, type Role } from '../../../shared/roles.js';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { accounts, passkeys, sessions, twoFactors, verifications } from './schema.js';
import { activeMute, presentMute } from '../../core/viewer.js';
import { recordAudit } from '../../core/audit.js';
import type { DbOrTx } from '../../core/transaction.js';

/** SQL of the accounts feature that Better Auth does not do for us. */
type UserRow = typeof users.$inferSelect;

export function presentUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    name: row.name,
    username: row.displayUsername ?? row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    role: isRole(row.role) ? row.role : null,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    mute: presentMute(activeMute(row)),
    secondFactor: row.twoFactorEnabled,
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function renameUser(db: Db, id: string, name: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ name, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username.toLowerCase()));
  return row !== undefined;
}

export async function passwordHashOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? undefined;
}

/** Records an emailed token as used; false when it already was (links work once). */
export async function markTokenUsed(db: Db, tokenHash: string, expiresAt: Date): Promise<boolean> {
  // A used token's record is needed only while the token itself could still be valid.
  await db
    .delete(verifications)
    .where(
      and(eq(verifications.identifier, 'used-token'), lt(verifications.expiresAt, sql`now()`)),
    );
  const rows = await db
    .insert(verifications)
    .values({ id: `used:${tokenHash}`, identifier: `used-token`, value: tokenHash, expiresAt })
    .onConflictDoNothing()
    .returning({ id: verifications.id });
  return rows.length > 0;
}

export async function storeVerification(
  db: Db,
  entry: { identifier: string; value: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verifications).values({ id: crypto.randomUUID(), ...entry });
}

/** Takes a stored verification out, so it can be used once; undefined if absent or expired. */
export async function consumeVerification(db: Db, identifier: string) {
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export async function findVerification(db: Db, identifier: string) {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)));
  return row;
}

export function listActiveSessions(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`${sessions.updatedAt} desc`);
}

/** Ends one of a member's sessions; answers its token, or undefined when it was not theirs. */
export async function deleteSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ token: sessions.token });
  return row?.token;
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Moves an account to a proven new address; undefined when the address is taken meanwhile. */
export async function changeEmail(db: Db, userId: string, email: string) {
  try {
    const [row] = await db
      .update(users)
      .set({ email, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/**
 * Deleting an account keeps the row (content stays attributed to 'deleted user') but removes
 * every personal detail, the password, passkeys and all sessions.
 */
export async function scrubAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: 'deleted user',
        email: `deleted-${userId}@deleted.invalid`,
        emailVerified: false,
        username: null,
        displayUsername: null,
        image: null,
        twoFactorEnabled: false,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  });
}

/** Whether every way into this account asks for a second factor. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on === true;
}

/** A member's authenticator: whether its setup was confirmed; undefined when there is none. */
export async function secondFactorOf(
  db: Db,
  userId: string,
): Promise<{ verified: boolean } | undefined> {
  const [row] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return row;
}

/**
 * Stores a confirmed authenticator for a member and turns their second factor on (the demo
 * seed's member; people set theirs up through the routes).
 */
export async function storeSecondFactor(
  db: Db,
  userId: string,
  factor: { secret: string; backupCodes: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.insert(twoFactors).values({ id: randomUUID(), userId, verified: true, ...factor });
    await tx
      .update(users)
      .set({ twoFactorEnabled: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

/** The member a sign-in waiting for its second factor is for (Better Auth's challenge record). */
export async function challengedUserId(db: Db, identifier: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)));
  return row?.value;
}

/** The operator's role change (`npm run admin -- set-role`), with its audit entry's write. */
export async function setRole(tx: DbOrTx, userId: string, role: Role): Promise<void> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function promoteListedAdmin(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.role} <> 'admin'`));
}

/** A ready-to-use email-and-password account (operator CLI and demo seed). */
export async function insertAccount(
  db: Db,
  person: {
    email: string;
    name: string;
    username: string;
    role: string;
    passwordHash: string;
    emailVerified: boolean;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: person.name,
      email: person.email.toLowerCase(),
      emailVerified: person.emailVerified,
      username: person.username.toLowerCase(),
      displayUsername: person.username,
      role: person.role,
    });
    await tx.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: person.passwordHash,
    });
  });
  return id;
}

/** The ways into an account: 'credential' (a password) and each linked provider. */
export function identitiesOf(db: Db, userId: string) {
  return db
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(accounts.createdAt);
}

/**
 * Removes one linked provider when another way in is left, in one statement (two unlinks at once
 * never leave none), and records it; false when it was the last way in or not linked.
 */
export async function unlinkIdentity(db: Db, userId: string, providerId: string, name: string) {
  return db.transaction(async (tx) => {
    await lockWaysIn(tx, userId);
    const removed = await tx
      .delete(accounts)
      .where(
        and(
          eq(accounts.userId, userId),
          eq(accounts.providerId, providerId),
          sql`${waysInOf(userId)} > 1`,
        ),
      )
      .returning({ id: accounts.id });
    if (removed.length === 0) return false;
    await recordIdentityChange(tx, userId, 'unlink', name);
    return true;
  });
}

/**
 * How many ways in an account has: its password, each linked provider, each passkey. The last
 * one is never removed.
 */
const waysInOf = (userId: string) =>
  sql`((select count(*) from ${accounts} a where a.user_id = ${userId})
    + (select count(*) from ${passkeys} p where p.user_id = ${userId}))`;

/** Two removals at once (an unlink and a passkey, say) take turns, so one way in stays. */
async function lockWaysIn(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const passkeyColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  backedUp: passkeys.backedUp,
};

function presentPasskey(row: {
  id: string;
  name: string | null;
  createdAt: Date;
  backedUp: boolean;
}): Passkey {
  return {
    id: row.id,
    name: row.name ?? 'Passkey',
    createdAt: row.createdAt.toISOString(),
    backedUp: row.backedUp,
  };
}

/** A member's passkeys, oldest first. */
export async function passkeysOf(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select(passkeyColumns)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt, passkeys.id);
  return rows.map(presentPasskey);
}

export async function passkeyOf(db: Db, userId: string, id: string): Promise<Passkey | undefined> {
  const [row] = await db
    .select(passkeyColumns)
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)));
  return row && presentPasskey(row);
}

/** The member a passkey belongs to (to tell a blocked member why they cannot sign in). */
export async function userOfPasskey(db: Db, credentialId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialID, credentialId));
  return row?.user;
}

/** When a member's session began (adding a passkey to an account without a password). */
export async function sessionStartedAt(db: Db, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.createdAt;
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Removes a member's passkey, unless it is their last way in; the audit log tells it.
 * 'missing' when they have no such passkey.
 */
export async function removePasskey(
  db: Db,
  userId: string,
  id: string,
): Promise<'removed' | 'missing' | 'last'> {
  return db.transaction(async (tx) => {
    await lockWaysIn(tx, userId);
    const [found] = await tx
      .select({ name: passkeys.name, last: sql<boolean>`${waysInOf(userId)} <= 1` })
      .from(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)));
    if (!found) return 'missing';
    if (found.last) return 'last';
    await tx.delete(passkeys).where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)));
    await recordIdentityChange(tx, userId, 'unlink', passkeyLabel(found.name));
    return 'removed';
  });
}

/** How a passkey is named in the audit log. */
export const passkeyLabel = (name: string | null) => `Passkey "${name ?? 'Passkey'}"`;

/** A link or unlink goes in the audit log, where staff look into an account's history. */
export async function recordIdentityChange(
  db: DbOrTx,
  userId: string,
  change: 'link' | 'unlink',
  provider: string,
): Promise<void> {
  const [user] = await db
    .select({ username: users.displayUsername, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  const detail = { provider };
  await recordAudit(db, {
    actor: { id: userId },
    action: change === 'link' ? 'user.identity-link' : 'user.identity-unlink',
    target: { type: 'user', id: userId, label: user?.username ?? user?.name ?? '' },
    ...(change === 'link' ? { after: detail } : { before: detail }),
  });
}

/** A newcomer from a provider keeps or changes the username made up for them, once. */
export async function chooseUsername(db: Db, userId: string, username: string) {
  try {
    const [row] = await db
      .update(users)
      .set({
        username: username.toLowerCase(),
        displayUsername: username,
        usernameChosen: true,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), eq(users.usernameChosen, false)))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
