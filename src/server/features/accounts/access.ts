import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../../shared/permissions.js';
import { permissionDenied, unauthenticated } from '../../../shared/errors.js';
import type { Db } from '../../platform/db/database.js';
import type { Auth } from './auth.js';
import { prepareSessionLookup } from './session-lookup.js';
import { loadViewer, type Viewer } from './viewer.js';

/**
 * Who may call a route. Every /api route declares one in `config.access`; the app refuses to
 * start otherwise. A permission implies a signed-in user with a verified email.
 */
export type RouteAccess = 'public' | 'signed-in' | 'verified' | { permission: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A POST that changes nothing (the Markdown preview, error reports): caches stay. */
    changesNothing?: boolean;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** Served by @fastify/swagger(-ui): the API's own documentation is public. */
const isDocumentation = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

export function describeAccess(access: RouteAccess): string {
  return typeof access === 'string' ? access : `permission:${access.permission}`;
}

/** Throws the catalogued error when `viewer` may not call a route with `access`. */
export function assertAccess(access: RouteAccess, viewer: Viewer | null): void {
  if (access === 'public') return;
  if (!viewer) throw unauthenticated();
  if (access === 'signed-in') return;
  if (!viewer.emailVerified) throw permissionDenied('Please verify your email to do this');
  if (access === 'verified') return;
  if (!can(viewer.role, access.permission)) throw permissionDenied();
}

/** The signed-in viewer of a route that required one. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** May this request have changed something (the remembered reads must then be forgotten)? */
export function isWrite(request: FastifyRequest): boolean {
  return !readOnlyMethods.has(request.method) && !request.routeOptions.config.changesNothing;
}

export function registerAccess(
  app: FastifyInstance,
  options: { auth: Auth; db: Db; secret: string; sessionCacheMs: number },
) {
  app.decorateRequest('viewer', null);
  const lookup = prepareSessionLookup(options.db, { cacheMs: options.sessionCacheMs });
  const source = { auth: options.auth, db: options.db, secret: options.secret, lookup };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (isDocumentation(route.url)) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    const access = route.config?.access;
    if (!access) {
      throw new Error(`${String(route.method)} ${route.url} does not declare config.access`);
    }
    // The OpenAPI document says who may call each route (swagger reads schemas after us).
    if (route.schema) {
      const note = `Access: ${describeAccess(access)}.`;
      const description = route.schema.description;
      route.schema = {
        ...route.schema,
        description: typeof description === 'string' ? `${description}\n\n${note}` : note,
      };
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    request.viewer = await loadViewer(source, request, reply);
    assertAccess(access, request.viewer);
  });
  // Any write may have changed a session or its account: remembered checks are forgotten
  // before the answer leaves, so the next request sees the change (session-lookup.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (isWrite(request)) lookup.forget();
    done(null, payload);
  });
}
