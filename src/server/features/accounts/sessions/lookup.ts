import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../platform/db/database.js';
import { sessionCookieValue } from '../../../core/session-cookie.js';
import { sessionLifetime } from '../better-auth/auth.js';
import { prepareSessionByToken, type SessionRow } from './repo.js';

/*
 * The session check every signed-in request pays. Better Auth's getSession costs ~3 ms here
 * (two signed-cookie checks and its adapter layer); this reads the same cookie and the same
 * rows with one HMAC and one prepared join (docs/decisions/010-lean-session-lookup.md).
 * Whenever Better Auth would do more than read (slide the expiry, honour "don't remember
 * me"), the caller falls back to getSession, so the two never disagree.
 */

const dontRememberCookies = ['__Secure-vp.dont_remember', 'vp.dont_remember'];

/**
 * Cookie values whose signature checked out, with their token and the secret that signed them:
 * a member's every request carries the same value, and its HMAC cost more than finding their
 * remembered session. Only values that passed are kept, the least recently seen going first.
 */
const signedValues = new LRUCache<string, { secret: string; token: string }>({ max: 10_000 });

/** The session token of a correctly signed cookie; null when absent or forged. */
export function signedSessionToken(request: FastifyRequest, secret: string): string | null {
  const value = sessionCookieValue(request.cookies);
  if (!value) return null;
  const known = signedValues.get(value);
  if (known?.secret === secret) return known.token;
  const token = unsignCookie(value, secret);
  if (token !== null) signedValues.set(value, { secret, token });
  return token;
}

/** The value of a cookie Better Auth signed (`value.HMAC`), or null when the signature is wrong. */
export function unsignCookie(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return value;
}

/** The session check: one prepared join, remembered for `cacheMs` (0: read every time). */
export interface SessionLookup {
  (token: string): Promise<SessionRow | null>;
  /** Forgets one session, or every one: after a write, which may have changed any. */
  forget(token?: string): void;
}

export function prepareSessionLookup(
  db: Db,
  options: { cacheMs: number; count?: ((hit: boolean) => void) | undefined },
): SessionLookup {
  const statement = prepareSessionByToken(db);
  return rememberSessions(
    async (token) => (await statement.execute({ token }))[0] ?? null,
    options.cacheMs,
    options.count,
  );
}

/**
 * Session checks remembered for a moment (SESSION_CACHE_MS, a second by default): a reader
 * clicking through threads costs one query a second, not one per request. Any write in this
 * process (every request but GET, HEAD and OPTIONS: sign-in, sign-out, block, mute, role,
 * profile, …) forgets them all before its answer leaves (access.ts), so its effect is seen by
 * the very next request; a write in another process is seen within the moment. The promise is
 * remembered, not its result, so concurrent checks of one session share one query, and a check
 * begun before a write can never be kept after it (docs/decisions/016-session-cache.md).
 */
export function rememberSessions<T>(
  read: (token: string) => Promise<T>,
  cacheMs: number,
  /** Told of each check, whether it was remembered. */
  count?: (hit: boolean) => void,
): { (token: string): Promise<T>; forget(token?: string): void } {
  if (cacheMs <= 0) return Object.assign(read, { forget: () => undefined });
  const remembered = new Map<string, { until: number; row: Promise<T> }>();
  const maxRemembered = 10_000;
  const lookup = (token: string) => {
    const now = Date.now();
    const hit = remembered.get(token);
    const fresh = hit !== undefined && hit.until > now;
    count?.(fresh);
    if (fresh) return hit.row;
    if (remembered.size >= maxRemembered) remembered.clear();
    const row = read(token);
    remembered.set(token, { until: now + cacheMs, row });
    row.catch(() => remembered.delete(token));
    return row;
  };
  const forget = (token?: string) => {
    if (token === undefined) remembered.clear();
    else remembered.delete(token);
  };
  return Object.assign(lookup, { forget });
}

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
