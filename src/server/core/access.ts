import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../shared/permissions.js';
import { permissionDenied, unauthenticated } from '../../shared/errors.js';
import { assertNotMuted, type Viewer } from './viewer.js';

/**
 * Who may call a route. Every /api route declares one in `config.access`; the app refuses to
 * start otherwise. A permission implies a signed-in member with a verified email.
 */
export type RouteAccess = 'public' | 'signed-in' | 'verified' | { permission: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The route publishes what others see (a thread, a reply, an image, profile text): refused
     * while the viewer is muted, before anything is counted or done. A function decides from the
     * validated body, for changes that may also only take things down.
     */
    publishes?: true | ((body: unknown) => boolean);
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** Served by @fastify/swagger(-ui): the API's own documentation is public. */
export const isDocumentation = (url: string) =>
  url === '/api/openapi.json' || url.startsWith('/api/docs');

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

/** Adds a line to a route's OpenAPI description (swagger reads the schemas after us). */
export function describeRoute(route: { schema?: { description?: unknown } }, note: string): void {
  if (!route.schema) return;
  const description = route.schema.description;
  route.schema = {
    ...route.schema,
    description: typeof description === 'string' ? `${description}\n\n${note}` : note,
  };
}

/**
 * The access check of every /api route: declared at registration (the app refuses to start
 * without it), enforced on each request once `loadViewer` has found who is asking.
 */
export function registerAccess(
  app: FastifyInstance,
  options: {
    loadViewer: (request: FastifyRequest, reply: FastifyReply) => Promise<Viewer | null>;
    /** The admins asked staff to have a second factor on (decision 050). */
    staffNeedSecondFactor?: () => Promise<boolean>;
  },
) {
  app.decorateRequest('viewer', null);
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
    describeRoute(route, `Access: ${describeAccess(access)}.`);
    if (typeof access === 'object' && !can('user', access.permission)) {
      describeRoute(
        route,
        'Staff only: while the site asks staff for a second factor, refused to one without it ' +
          '(`details.secondFactorRequired`).',
      );
    }
    if (route.config?.publishes) {
      describeRoute(route, 'Publishes: refused while the member is muted (`details.muted`).');
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    request.viewer = await options.loadViewer(request, reply);
    assertAccess(access, request.viewer);
    const viewer = request.viewer;
    if (
      typeof access === 'object' &&
      viewer &&
      !viewer.secondFactor &&
      !can('user', access.permission) &&
      (await options.staffNeedSecondFactor?.())
    ) {
      throw permissionDenied('Turn on a second factor in your profile before doing staff work', {
        secondFactorRequired: true,
      });
    }
  });
  // After validation, before the route's limit is charged: a mute's refusal says why and until when.
  app.addHook('preHandler', (request, _reply, done) => {
    const publishes = request.routeOptions.config.publishes;
    const viewer = request.viewer;
    try {
      if (viewer && publishes && (publishes === true || publishes(request.body))) {
        assertNotMuted(viewer);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
