import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { isWrite, registerAccess } from '../../core/access.js';
import type { Limiter } from '../../core/limits.js';
import type { Platforms } from '../../platform/platforms.js';
import { registerAccountRoutes } from './account-routes.js';
import { createAccountMail } from './account-mail.js';
import { createAuth } from './auth.js';
import { accountCounters } from './limits.js';
import { registerAuthRoutes } from './routes.js';
import { createAccountsService } from './service.js';
import { prepareSessionLookup } from './session-lookup.js';
import { loadViewer } from './viewer.js';

/**
 * The accounts feature: Better Auth on our database, the access check every /api route goes
 * through, and the auth and account-settings routes. Registered before any other route so
 * that the access declaration is checked on each of them.
 */
export function registerAccounts(
  app: FastifyInstance,
  options: { config: Config; platforms: Platforms; logger: Logger; limiter: Limiter },
) {
  const { config, platforms, logger } = options;
  const db = platforms.database.db;
  const mail = createAccountMail({
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    mailer: platforms.mailer,
  });
  const auth = createAuth({ config, db, mail, logger });
  const counters = accountCounters(options.limiter);
  const service = createAccountsService({ auth, db, mail, counters, secret: config.authSecret });
  const lookup = prepareSessionLookup(db, { cacheMs: config.sessionCacheMs });
  const source = { auth, db, secret: config.authSecret, lookup };
  registerAccess(app, { loadViewer: (request, reply) => loadViewer(source, request, reply) });
  // Any write may have changed a session or its account: remembered checks are forgotten
  // before the answer leaves, so the next request sees the change (session-lookup.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (isWrite(request)) lookup.forget();
    done(null, payload);
  });
  return {
    auth,
    registerRoutes() {
      registerAuthRoutes(app, { auth, service });
      registerAccountRoutes(app, { db, service });
    },
  };
}
