import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Better Auth's session cookie, plain over http and `__Secure-` over https. */
export const sessionCookieNames = ['vp.session_token', '__Secure-vp.session_token'];

/** The names in the order a request's cookie is read: the `__Secure-` one wins where both are. */
const readOrder = ['__Secure-vp.session_token', 'vp.session_token'] as const;

export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return cookie !== undefined && sessionCookieNames.some((name) => cookie.includes(`${name}=`));
}

/** The session cookie's value (`token.signature`, signature unchecked), or undefined. */
export function sessionCookieValue(
  cookies: Readonly<Record<string, string | undefined>>,
): string | undefined {
  for (const name of readOrder) {
    const value = cookies[name];
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The key of a session on the live channel (its sockets' room): a hash of its token, so no
 * token is ever a room name. Made from the session row's token, or from the cookie of a request
 * whose session has already been checked.
 */
export function liveSessionKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 22);
}

/** The live key of the session a checked request's cookie carries; undefined without one. */
export function liveSessionKeyOf(
  cookies: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const value = sessionCookieValue(cookies);
  const dot = value?.lastIndexOf('.') ?? -1;
  return value && dot > 0 ? liveSessionKey(value.slice(0, dot)) : undefined;
}

export function clearSessionCookie(reply: FastifyReply): void {
  for (const name of sessionCookieNames) {
    void reply.clearCookie(name, { path: '/', secure: name.startsWith('__Secure-') });
  }
}
