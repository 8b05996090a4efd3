import type { DbOrTx } from '../../../core/transaction.js';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.js';
import { users } from '../../../core/schema.js';
import { sessions } from '../schema.js';

/** The SQL of the session check every signed-in request pays, and of ending sessions then. */

/** A session by its token with its account, prepared once (session-lookup.ts remembers it). */
export function prepareSessionByToken(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        name: users.name,
        username: users.username,
        displayUsername: users.displayUsername,
        email: users.email,
        emailVerified: users.emailVerified,
        role: users.role,
        image: users.image,
        banned: users.banned,
        banReason: users.banReason,
        banExpires: users.banExpires,
        mutedUntil: users.mutedUntil,
        muteReason: users.muteReason,
        deletedAt: users.deletedAt,
        twoFactorEnabled: users.twoFactorEnabled,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('viewer_session');
}

export type SessionRow = Awaited<
  ReturnType<ReturnType<typeof prepareSessionByToken>['execute']>
>[number];

/** What Better Auth's user object lacks of an account: its mute and its second factor. */
export async function muteAndSecondFactorOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      mutedUntil: users.mutedUntil,
      muteReason: users.muteReason,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function deleteSessionById(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of a member ends (a block lifted by a moderator, users feature). */
export async function endSessionsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** A block that has ended is lifted, and every session from before it ends with it. */
export async function liftEndedBlock(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
