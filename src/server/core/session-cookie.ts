import type { FastifyReply, FastifyRequest } from 'fastify';

/** Better Auth's session cookie, plain over http and `__Secure-` over https. */
export const sessionCookieNames = ['vp.session_token', '__Secure-vp.session_token'];

export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return cookie !== undefined && sessionCookieNames.some((name) => cookie.includes(`${name}=`));
}

export function clearSessionCookie(reply: FastifyReply): void {
  for (const name of sessionCookieNames) {
    void reply.clearCookie(name, { path: '/', secure: name.startsWith('__Secure-') });
  }
}
