import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionDenied } from '../../shared/errors.js';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/csrf.js';
import { hasSessionCookie } from '../core/session-cookie.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A provider's signed callback (the payment webhook): no browser sends it, no cookie
     * rides on it, and its own signature is checked instead.
     */
    csrfExempt?: true;
  }
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * CSRF protection for every state-changing request, on top of SameSite=Lax
 * session cookies: a foreign Origin (or a cross-site Sec-Fetch-Site) is refused outright, and
 * a request carrying a session cookie must echo the CSRF cookie in a header, which a foreign
 * page cannot read.
 */
export function registerCsrf(app: FastifyInstance, options: { publicUrl: URL }) {
  const secure = options.publicUrl.protocol === 'https:';
  const origin = options.publicUrl.origin;
  /**
   * The cookie's attributes, written out once: a visitor without the cookie (every request of a
   * crawler, a script or a first visit) gets a fresh one, and drawing its bytes and building
   * it per request cost close to half of an answer served from memory (`/api/site`). The token
   * is a random UUID: 122 random bits, which Node draws from the system in batches rather than
   * one call per token.
   */
  const attributes = `; Max-Age=${365 * 24 * 60 * 60}; Path=/${secure ? '; Secure' : ''}; SameSite=Lax`;

  const check = (request: FastifyRequest) => {
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      throw permissionDenied('Cross-site request refused');
    }
    const site = request.headers['sec-fetch-site'];
    if (
      requestOrigin === undefined &&
      site !== undefined &&
      site !== 'same-origin' &&
      site !== 'none'
    ) {
      throw permissionDenied('Cross-site request refused');
    }
    if (!hasSessionCookie(request)) return;
    const header = request.headers[CSRF_HEADER];
    if (!sameToken(typeof header === 'string' ? header : undefined, request.cookies[CSRF_COOKIE])) {
      throw permissionDenied('Missing or invalid CSRF token; reload the page and try again');
    }
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/assets/') && !request.cookies[CSRF_COOKIE]) {
      void reply.header('set-cookie', `${CSRF_COOKIE}=${randomUUID()}${attributes}`);
    }
    try {
      // Every write, whatever its path: the router also matches spellings like /%61pi/account.
      if (!safeMethods.has(request.method) && !request.routeOptions.config.csrfExempt) {
        check(request);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
