import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../../shared/accounts.js';
import { isRole } from '../../../../shared/roles.js';
import type { Db } from '../../../platform/db/database.js';
import { clearSessionCookie, hasSessionCookie } from '../../../core/session-cookie.js';
import {
  activeBlock,
  activeMute,
  blockedError,
  presentMute,
  type Viewer,
} from '../../../core/viewer.js';
import { CLIENT_IP_HEADER, type Auth } from '../better-auth/auth.js';
import { needsBetterAuth, signedSessionToken, type SessionLookup } from './lookup.js';
import { revokeAllSessions } from '../repo.js';
import {
  deleteSessionById,
  liftEndedBlock,
  muteAndSecondFactorOf,
  type SessionRow,
} from './repo.js';

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
    secondFactor: viewer.secondFactor,
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
  const mute = await muteAndSecondFactorOf(source.db, user.id);
  return {
    sessionId: session.id,
    user: {
      ...user,
      mutedUntil: mute?.mutedUntil ?? null,
      muteReason: mute?.muteReason ?? null,
      twoFactorEnabled: mute?.twoFactorEnabled ?? false,
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
 * Resolves the session of a request. A blocked account's request is refused with the reason,
 * and only the session it came with ends: each of the member's other browsers keeps its
 * session until its own next request, so it too is told why instead of finding itself signed
 * out. An expired block is lifted here and the sessions from before it end.
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
    await revokeAllSessions(db, user.id);
    source.lookup.forget();
    clearSessionCookie(reply);
    return null;
  }
  if (user.banned) {
    const block = activeBlock(user);
    if (block) {
      await deleteSessionById(db, sessionId);
      source.lookup.forget();
      clearSessionCookie(reply);
      throw blockedError(block);
    }
    // The block has ended. The session predates it (a blocked account cannot sign in), so it
    // ends too, like every session of a lifted block (users/repo.ts setBlock).
    await liftEndedBlock(db, user.id);
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
    secondFactor: user.twoFactorEnabled,
  };
}
