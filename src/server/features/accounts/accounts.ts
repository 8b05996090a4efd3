import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Platforms } from '../../platform/platforms.js';
import { registerAccountRoutes } from './account-routes.js';
import { createAccountMail } from './account-mail.js';
import { registerAccess } from './access.js';
import { createAuth } from './auth.js';
import { createAccountLimiter } from './limits.js';
import { registerAuthRoutes } from './routes.js';
import { createAccountsService } from './service.js';

/**
 * The accounts feature: Better Auth on our database, the access check every /api route goes
 * through, and the auth and account-settings routes. Registered before any other route so
 * that the access declaration is checked on each of them.
 */
export function registerAccounts(
  app: FastifyInstance,
  options: { config: Config; platforms: Platforms; logger: Logger; limitNamespace?: string },
) {
  const { config, platforms, logger } = options;
  const db = platforms.database.db;
  const mail = createAccountMail({
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    mailer: platforms.mailer,
  });
  const auth = createAuth({ config, db, mail, logger });
  const limiter = createAccountLimiter({
    redis: platforms.bus.redis,
    namespace: options.limitNamespace ?? '',
  });
  const service = createAccountsService({ auth, db, mail, limiter, secret: config.authSecret });
  registerAccess(app, {
    auth,
    db,
    secret: config.authSecret,
    sessionCacheMs: config.sessionCacheMs,
  });
  return {
    auth,
    registerRoutes() {
      registerAuthRoutes(app, { auth, service });
      registerAccountRoutes(app, { db, service });
    },
  };
}
