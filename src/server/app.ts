import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { notFound } from '../shared/errors.js';
import type { Config } from './config.js';
import { registerClientErrorRoutes } from './features/client-errors/routes.js';
import { rateLimitStore } from './platform/rate-limit-store.js';
import { registerSiteRoutes } from './features/site/routes.js';
import type { Platforms } from './platform/platforms.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerHealth } from './plugins/health.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';

/** Every route the app registered, for tests that check each one declares its schemas. */
export interface RegisteredRoute {
  method: RouteOptions['method'];
  url: string;
  schema: RouteOptions['schema'];
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** JSON bodies above this are refused (out-of-range); uploads get their own limit later. */
export const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  config: Config;
  platforms: Platforms;
  logger: Logger;
  /** Serve the built web app from config.webRoot (off in API-only tests). */
  serveWeb?: boolean;
}

/** Builds the whole server from its plugins; main.ts listens, tests inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, platforms } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.env === 'production',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }) as unknown as FastifyInstance;
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    registered.push({ method: route.method, url: route.url, schema: route.schema });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: config.publicUrl.protocol === 'https:' });
  await app.register(cookie, { secret: config.authSecret });
  await registerOpenApi(app, { siteName: config.siteName });

  registerHealth(app, platforms);
  registerSiteRoutes(app, { db: platforms.database.db, siteName: config.siteName });
  await registerClientErrorRoutes(app, { rateLimitStore: rateLimitStore(platforms.bus.redis) });

  const servePage =
    (options.serveWeb ?? config.serveWeb) === false
      ? undefined
      : await registerWeb(app, {
          webRoot: config.webRoot,
          siteName: config.siteName,
          publicUrl: config.publicUrl,
        });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      servePage !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/');
    if (isPage) return servePage(request, reply);
    const error = notFound(`${request.method} ${request.url.split('?')[0] ?? ''}`);
    return reply.status(error.status).send(error.toEnvelope());
  });

  return app;
}
