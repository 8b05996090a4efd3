import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { IncomingHttpHeaders } from 'node:http';
import { sessionResponse } from '../shared/accounts.js';
import { errorEnvelopeSchema, notFound } from '../shared/errors.js';
import type { Config } from './config.js';
import { maxParamLength } from './core/http.js';
import { registerAccounts } from './features/accounts/index.js';
import { registerAdminRoutes } from './features/admin/index.js';
import { registerAuditRoutes } from './features/audit/index.js';
import { registerDiscoveryRoutes } from './features/discovery/index.js';
import { registerChat } from './features/chat/index.js';
import { registerSearch } from './features/search/index.js';
import { registerDonations } from './features/donations/index.js';
import { filmReviewLinks, registerForum } from './features/forum/index.js';
import { canonicalFilmPath, registerFilms } from './features/films/index.js';
import { registerModRequestRoutes } from './features/mod-requests/index.js';
import { registerNewsRoutes } from './features/news/index.js';
import { registerNotifications } from './features/notifications/index.js';
import { tellableEvents } from './notified-events.js';
import { registerModerationRoutes } from './features/moderation/index.js';
import { registerProfileRoutes } from './features/profiles/index.js';
import { registerUploadRoutes } from './features/uploads/index.js';
import { registerUserRoutes } from './features/users/index.js';
import { registerCsrf } from './plugins/csrf.js';
import { createPageCache } from './plugins/page-cache.js';
import { createLimiter } from './core/limiter.js';
import { createJobRunner, takeEnqueued, type JobRunner } from './core/jobs.js';
import {
  createLive,
  LiveRefusal,
  type Live,
  type LiveMember,
  type LiveSocketData,
} from './core/live.js';
import { liveSessionKeyOf } from './core/session-cookie.js';
import { registerRouteLimits, type RouteLimit } from './core/route-limits.js';
import { registerStales } from './core/stale.js';
import { registerClientErrorRoutes } from './features/client-errors/index.js';
import { createSiteInfoStore, registerSiteRoutes } from './features/site/index.js';
import { registerSocialImageRoutes } from './features/social-images/index.js';
import type { Platforms } from './platform/platforms.js';
import { openRealtime } from './platform/realtime/socket-io.js';
import { connectionOptions, registerConnections } from './plugins/connections.js';
import { earlyErrorOptions, registerErrorHandler } from './plugins/errors.js';
import { registerHealth } from './plugins/health.js';
import { registerMetrics } from './plugins/metrics.js';
import { createCacheCounts } from './core/cache-counts.js';
import { viewpointVersion } from './backup/backup.js';
import { readBackupState } from './backup/server-backups.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { responseSerializerCompiler } from './plugins/serializer.js';
import {
  inlineScriptHashes,
  loadPageRenderer,
  registerWeb,
  type PageRenderer,
} from './plugins/web.js';
import type { RouteAccess } from './core/access.js';

/** Every route the app registered, for tests that check each one declares its schemas. */
export interface RegisteredRoute {
  method: RouteOptions['method'];
  url: string;
  schema: RouteOptions['schema'];
  /** Who may call it (core/access.ts). */
  access: RouteAccess | undefined;
  /** How often (core/route-limits.ts); every write has one. */
  limit: RouteLimit | undefined;
  /** What it makes stale when it succeeds (core/stale.ts); every write declares it. */
  stales: FastifyContextConfig['stales'];
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** The live channel (Socket.IO) on this app's HTTP server. */
    live: Live;
    /** The durable job queue's runner: features register their kinds' handlers on it. */
    jobs: JobRunner;
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
  /** Draws public pages on the server; by default the one built beside the web app. */
  pageRenderer?: PageRenderer;
  /** Prefix of rate-limit keys, so test apps sharing one Redis do not share counters. */
  limitNamespace?: string;
}

/**
 * Who opens a socket: the session of the handshake's cookie, read by the same route and checks
 * as every request (a blocked account is refused and its session ends). Chat and the other live
 * features are for members with a verified email.
 */
async function liveMember(
  app: FastifyInstance,
  handshake: { headers: IncomingHttpHeaders; address: string },
): Promise<{ member: LiveMember; session: string } | null> {
  const { cookie, 'user-agent': agent, 'x-forwarded-for': forwarded } = handshake.headers;
  const session = cookie ? liveSessionKeyOf(app.parseCookie(cookie)) : undefined;
  if (!cookie || !session) return null;
  const answer = await app.inject({
    method: 'GET',
    url: '/api/auth/session',
    remoteAddress: handshake.address,
    headers: {
      cookie,
      ...(agent ? { 'user-agent': agent } : {}),
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
    },
  });
  if (answer.statusCode !== 200) {
    const parsed = errorEnvelopeSchema.safeParse(answer.json());
    throw new LiveRefusal(
      parsed.success ? parsed.data.error.code : 'unavailable',
      parsed.success ? parsed.data.error.message : 'The live channel is unavailable',
    );
  }
  const { user } = sessionResponse.parse(answer.json());
  if (!user) return null;
  if (!user.emailVerified)
    throw new LiveRefusal('permission-denied', 'Please verify your email to chat');
  return {
    member: {
      id: user.id,
      username: user.username,
      name: user.name,
      image: user.image,
      role: user.role,
    },
    session,
  };
}

/** Builds the whole server from its plugins; main.ts listens, tests inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, platforms } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength },
    ...connectionOptions(config),
    ...earlyErrorOptions,
  }) as unknown as FastifyInstance;
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    registered.push({
      method: route.method,
      url: route.url,
      schema: route.schema,
      // Read later: the access plugin fills in the documentation routes' declaration.
      get access() {
        return route.config?.access;
      },
      limit: route.config?.limit,
      stales: route.config?.stales,
    });
  });
  // Before any route, so that each write route is checked for its declaration and each
  // successful write tells the keepers below what it made stale.
  const stales = registerStales(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env === 'test' }));
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  registerConnections(app, config);

  registerErrorHandler(app);
  // Pages and API answers over 1 KB are compressed on the fly (brotli or gzip, by the request's
  // Accept-Encoding, with Vary); built assets come precompressed (plugins/web.ts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const serveWeb = (options.serveWeb ?? config.serveWeb) !== false;
  registerSecurityHeaders(app, {
    https: config.publicUrl.protocol === 'https:',
    scriptHashes: serveWeb ? inlineScriptHashes(config.webRoot) : [],
  });
  await app.register(cookie, { secret: config.authSecret });
  registerCsrf(app, { publicUrl: config.publicUrl });
  // Lookups in the caches, hit or missed (for /metrics).
  const caches = createCacheCounts();
  // Visitors' pages, kept once drawn; every write forgets what it makes stale.
  const pageCache =
    serveWeb && config.pageCacheMs > 0
      ? createPageCache({
          bus: platforms.bus,
          channel: `${options.limitNamespace ?? ''}web:pages-stale`,
          ttlMs: config.pageCacheMs,
          maxBytes: 32 * 2 ** 20,
          onUnsent: (error) =>
            app.log.warn({ err: error }, 'other processes were not told which pages are stale'),
          count: caches.counter('pages'),
        })
      : undefined;
  if (pageCache) {
    stales.forget((stale) => void pageCache.stale(stale));
    app.addHook('onClose', () => pageCache.close());
  }
  const limiter = createLimiter({
    redis: platforms.bus.redis,
    namespace: options.limitNamespace ?? '',
  });
  // Made before the accounts, which end a session's sockets as it ends; its handshakes ask the
  // app's own session route, so they only start once the app listens.
  const live = createLive({
    realtime: await openRealtime<LiveSocketData>({
      server: app.server,
      origin: config.publicUrl.origin,
      redis: platforms.bus.redis,
      key: `vp-live:${options.limitNamespace ?? ''}`,
      logger: options.logger,
    }),
    authenticate: (handshake) => liveMember(app, handshake),
    recheckAfterMs: config.sessionCacheMs,
    logger: options.logger,
  });
  app.decorate('live', live);
  // Before the routes, so that its hook times each of them.
  if (config.metricsToken) {
    registerMetrics(app, {
      token: config.metricsToken,
      database: platforms.database,
      openSockets: () => live.io.socketsHere(),
      backups: { state: () => readBackupState(platforms.database.db) },
      caches,
    });
  }
  const site = createSiteInfoStore({
    db: platforms.database.db,
    bus: platforms.bus,
    namespace: options.limitNamespace ?? '',
    siteName: config.siteName,
    onUnsent: (error) =>
      options.logger.warn({ err: error }, 'other processes were not told the site changed'),
  });
  app.addHook('onClose', () => site.close());
  const accounts = registerAccounts(app, {
    // The admins' setting "staff must use a second factor", read from memory.
    staffNeedSecondFactor: async () => (await site.get()).staffSecondFactor,
    config: {
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      authSecret: config.authSecret,
      adminEmails: config.adminEmails,
      identityProviders: config.identityProviders,
      sessionCacheMs: config.sessionCacheMs,
    },
    platforms,
    logger: options.logger,
    limiter,
    live,
    namespace: options.limitNamespace ?? '',
    countSessionLookup: caches.counter('sessions'),
  });
  stales.forget(accounts.forgetStale);
  registerRouteLimits(app, { limiter });
  await registerOpenApi(app, { siteName: config.siteName });

  // Runs from ready to close; features add handlers while they register (core/jobs.ts).
  const jobs = createJobRunner({
    db: platforms.database.db,
    log: options.logger,
    pollMs: 2_000,
    leaseMs: 5 * 60_000,
    maxAttempts: 10,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', (done) => {
    jobs.start();
    done();
  });
  // Before the HTTP server closes (open sockets would keep it waiting): the jobs first, since a
  // job in flight may still send on the live channel.
  app.addHook('preClose', async () => {
    await jobs.stop();
    await live.close();
  });
  // A write that asked for work has committed once it answered: start that work now.
  app.addHook('onResponse', (_request, _reply, done) => {
    if (takeEnqueued()) jobs.kick();
    done();
  });

  registerHealth(app, platforms);
  registerSiteRoutes(app, { site });
  registerClientErrorRoutes(app);
  accounts.registerRoutes();
  registerUserRoutes(app, { db: platforms.database.db, live });
  registerAuditRoutes(app, { db: platforms.database.db });
  registerModerationRoutes(app, { db: platforms.database.db });
  registerAdminRoutes(app, {
    db: platforms.database.db,
    site,
    currency: config.donationCurrency,
    status: {
      platforms,
      version: viewpointVersion,
      backups: { ...config.backups, state: () => readBackupState(platforms.database.db) },
    },
  });
  registerModRequestRoutes(app, {
    db: platforms.database.db,
    mailer: platforms.mailer,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
  });
  registerNewsRoutes(app, { db: platforms.database.db });
  const films = registerFilms(app, { db: platforms.database.db, reviews: filmReviewLinks });
  const forum = registerForum(app, {
    films,
    db: platforms.database.db,
    bus: platforms.bus,
    live,
    logger: options.logger,
    limitNamespace: options.limitNamespace ?? '',
    listCacheMs: config.forumListCacheMs,
    countLookup: caches.counter('forum answers'),
  });
  stales.forget(forum.forgetStale);
  registerChat(app, { db: platforms.database.db, limiter, live, logger: options.logger });
  registerNotifications(app, {
    db: platforms.database.db,
    mailer: platforms.mailer,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    authSecret: config.authSecret,
    events: tellableEvents,
    fanOut:
      platforms.database.kind === 'pglite'
        ? { batch: 100, pauseMs: 10 }
        : { batch: 500, pauseMs: 0 },
  });
  registerProfileRoutes(app, { db: platforms.database.db });
  registerSearch(app, { db: platforms.database.db });
  const donations = registerDonations(app, {
    db: platforms.database.db,
    payments: platforms.payments,
    mailer: platforms.mailer,
    currency: config.donationCurrency,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    authSecret: config.authSecret,
  });
  // Receipts owed: at start (a previous process stopped before sending them), then every
  // minute (one whose sender died is taken over once its claim is old).
  const receiptSweep = setInterval(() => {
    donations.sendReceipts().catch((error: unknown) => app.log.error(error, 'receipt sweep'));
  }, 60_000);
  receiptSweep.unref();
  app.addHook('onReady', async () => {
    await donations.sendReceipts();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(receiptSweep);
    done();
  });
  registerDiscoveryRoutes(app, {
    db: platforms.database.db,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
  });
  await registerUploadRoutes(app, {
    db: platforms.database.db,
    storage: platforms.storage,
    quotaBytes: config.uploadQuotaBytes,
  });
  registerSocialImageRoutes(app, {
    db: platforms.database.db,
    storage: platforms.storage,
    siteName: config.siteName,
    limiter,
  });

  if (serveWeb) {
    await registerWeb(app, {
      webRoot: config.webRoot,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      renderer: options.pageRenderer ?? (await loadPageRenderer(config.webRoot)),
      pageCache,
      countView: (threadId, request) => forum.countView(threadId, `ip:${request.ip}`),
      canonicalPath: (pathname) => canonicalFilmPath(platforms.database.db, pathname),
    });
  }

  // What no route answers (the web app answers every other GET with a page).
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const error = notFound(`${request.method} ${request.url.split('?')[0] ?? ''}`);
    return reply.status(error.status).send(error.toEnvelope());
  });

  return app;
}
