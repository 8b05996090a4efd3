import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { sessions, users } from '../../platform/db/schema.js';
import { sessionLifetime } from './auth.js';

/*
 * The session check every signed-in request pays. Better Auth's getSession costs ~3 ms here
 * (two signed-cookie checks and its adapter layer); this reads the same cookie and the same
 * rows with one HMAC and one prepared join (docs/decisions/010-lean-session-lookup.md).
 * Whenever Better Auth would do more than read (slide the expiry, honour "don't remember
 * me"), the caller falls back to getSession, so the two never disagree.
 */

const cookieNames = ['__Secure-vp.session_token', 'vp.session_token'] as const;
const dontRememberCookies = ['__Secure-vp.dont_remember', 'vp.dont_remember'];

/** The session token of a correctly signed cookie; null when absent or forged. */
export function signedSessionToken(request: FastifyRequest, secret: string): string | null {
  const cookies = request.cookies;
  const value = cookieNames.map((name) => cookies[name]).find((found) => found !== undefined);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

export function prepareSessionLookup(db: Db) {
  const statement = db
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
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('viewer_session');
  return async (token: string) => (await statement.execute({ token }))[0] ?? null;
}

export type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>>>>;

/**
 * True when Better Auth must handle this session: it is due for its hourly expiry slide, it
 * has expired (Better Auth deletes it and clears the cookie), or it is a session-only login.
 */
export function needsBetterAuth(request: FastifyRequest, row: SessionRow, now = Date.now()) {
  if (dontRememberCookies.some((name) => request.cookies[name] !== undefined)) return true;
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt <= now) return true;
  const { expiresInSeconds, updateAgeSeconds } = sessionLifetime;
  return expiresAt - expiresInSeconds * 1000 + updateAgeSeconds * 1000 <= now;
}
