import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../shared/accounts.js';
import { permissionDenied } from '../../../shared/errors.js';
import { isRole, type Role } from '../../../shared/roles.js';
import type { Db } from '../../platform/db/database.js';
import { sessions, users } from '../../platform/db/schema.js';
import { CLIENT_IP_HEADER, type Auth } from './auth.js';
import {
  needsBetterAuth,
  signedSessionToken,
  type SessionLookup,
  type SessionRow,
} from './session-lookup.js';

/** The signed-in user behind a request, as read from the session on every request. */
export interface Viewer {
  id: string;
  sessionId: string;
  name: string;
  username: string | null;
  email: string;
  emailVerified: boolean;
  role: Role | null;
  image: string | null;
  createdAt: Date;
  /** A moderator's mute in force: no posting, replying or chatting until it ends. */
  mute: ActiveMute | null;
}

export interface ActiveMute {
  reason: string;
  until: Date;
}

/** A mute counts until its end; an ended one needs no clean-up. */
export function activeMute(user: {
  mutedUntil?: Date | string | null;
  muteReason?: string | null;
}): ActiveMute | null {
  if (!user.mutedUntil) return null;
  const until = new Date(user.mutedUntil);
  if (until.getTime() <= Date.now()) return null;
  return { reason: user.muteReason ?? 'No reason given', until };
}

export function presentMute(mute: ActiveMute | null) {
  return mute && { reason: mute.reason, until: mute.until.toISOString() };
}

/** The answer to a muted member's write: why, and until when (mutedDetails in shared). */
export function mutedError(mute: ActiveMute) {
  return permissionDenied('A moderator muted you: you can read, but not write, until it ends', {
    muted: presentMute(mute),
  });
}

/** Refuses a write of a muted member; the mute ends by itself at its time. */
export function assertNotMuted(viewer: Viewer): void {
  if (viewer.mute && viewer.mute.until.getTime() > Date.now()) throw mutedError(viewer.mute);
}

export interface ActiveBlock {
  reason: string;
  until: Date | null;
}

/** A block counts until its end date; an expired one is lifted lazily. */
export function activeBlock(user: {
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: Date | string | null;
}): ActiveBlock | null {
  if (!user.banned) return null;
  const until = user.banExpires ? new Date(user.banExpires) : null;
  if (until && until.getTime() <= Date.now()) return null;
  return { reason: user.banReason ?? 'No reason given', until };
}

export function blockedError(block: ActiveBlock) {
  return permissionDenied('Your account is blocked', {
    blocked: { reason: block.reason, until: block.until?.toISOString() ?? null },
  });
}

export function presentSessionUser(viewer: Viewer): SessionUser {
  return {
    id: viewer.id,
    name: viewer.name,
    username: viewer.username,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    role: viewer.role,
    image: viewer.image,
    createdAt: viewer.createdAt.toISOString(),
    mute: presentMute(viewer.mute),
  };
}

/** The headers Better Auth sees: the cookie, the user agent and Fastify's idea of the client IP. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const agent = request.headers['user-agent'];
  if (agent) headers.set('user-agent', agent);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies Better Auth's Set-Cookie headers (session set, refreshed or cleared) to the reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
}

export const sessionCookieNames = ['vp.session_token', '__Secure-vp.session_token'];

export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return cookie !== undefined && sessionCookieNames.some((name) => cookie.includes(`${name}=`));
}

export interface ViewerSource {
  auth: Auth;
  db: Db;
  /** The secret session cookies are signed with (Better Auth's). */
  secret: string;
  lookup: SessionLookup;
}

type SessionUserRow = SessionRow['user'];

/** Reads the session with our one-query lookup, or through Better Auth when it must act. */
async function readSession(
  source: ViewerSource,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ sessionId: string; user: SessionUserRow } | null> {
  const token = signedSessionToken(request, source.secret);
  const row = token ? await source.lookup(token) : null;
  if (row && !needsBetterAuth(request, row)) return { sessionId: row.sessionId, user: row.user };
  const { headers, response } = await source.auth.api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  // Better Auth may have slid the expiry or ended the session: forget what was remembered.
  if (token) source.lookup.forget(token);
  forwardCookies(reply, headers);
  if (!response) return null;
  const { user, session } = response;
  // Better Auth's user object carries only the columns it knows of.
  const [mute] = await source.db
    .select({ mutedUntil: users.mutedUntil, muteReason: users.muteReason })
    .from(users)
    .where(eq(users.id, user.id));
  return {
    sessionId: session.id,
    user: {
      ...user,
      mutedUntil: mute?.mutedUntil ?? null,
      muteReason: mute?.muteReason ?? null,
      username: user.username ?? null,
      displayUsername: user.displayUsername ?? null,
      role: user.role ?? 'user',
      image: user.image ?? null,
      banned: user.banned ?? false,
      banReason: user.banReason ?? null,
      banExpires: user.banExpires ? new Date(user.banExpires) : null,
      deletedAt: user.deletedAt ? new Date(user.deletedAt) : null,
      createdAt: new Date(user.createdAt),
    },
  };
}

/**
 * Resolves the session of a request. A blocked account loses every session at once and the
 * request is refused; an expired block is lifted here and the session from before it ends.
 */
export async function loadViewer(
  source: ViewerSource,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  const found = await readSession(source, request, reply);
  if (!found) return null;
  const { user, sessionId } = found;
  const { db } = source;
  if (user.deletedAt) {
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    source.lookup.forget();
    clearSessionCookie(reply);
    return null;
  }
  if (user.banned) {
    const block = activeBlock(user);
    if (block) {
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      source.lookup.forget();
      clearSessionCookie(reply);
      throw blockedError(block);
    }
    // The block has ended. The session predates it (a blocked account cannot sign in), so it
    // ends too, like every session of a lifted block (users/repo.ts setBlock).
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ banned: false, banReason: null, banExpires: null })
        .where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    });
    source.lookup.forget();
    clearSessionCookie(reply);
    return null;
  }
  return {
    id: user.id,
    sessionId,
    name: user.name,
    username: user.displayUsername ?? user.username ?? null,
    email: user.email,
    emailVerified: user.emailVerified,
    role: isRole(user.role) ? user.role : null,
    image: user.image ?? null,
    createdAt: new Date(user.createdAt),
    mute: activeMute(user),
  };
}

export function clearSessionCookie(reply: FastifyReply): void {
  for (const name of sessionCookieNames) {
    void reply.clearCookie(name, { path: '/', secure: name.startsWith('__Secure-') });
  }
}
