import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountSettings } from './settings.js';
import { registerAccess } from '../../core/access.js';
import { reachesSessions, type Stale } from '../../core/stale.js';
import type { Limiter } from '../../core/limiter.js';
import type { Live } from '../../core/live.js';
import { forgetEverywhere } from '../../core/memo.js';
import type { Platforms } from '../../platform/platforms.js';
import { registerAccountRoutes } from './account-settings/routes.js';
import { createAccountMail } from './account-mail.js';
import { createAuth } from './better-auth/auth.js';
import { accountCounters } from './limits.js';
import { createIdentitiesService } from './identities/providers.js';
import { registerIdentityRoutes } from './identities/routes.js';
import { createPasskeyService } from './passkeys/service.js';
import { registerPasskeyRoutes } from './passkeys/routes.js';
import { registerAuthRoutes } from './sign-in/routes.js';
import { createSecondFactorService } from './second-factor/service.js';
import { registerSecondFactorRoutes } from './second-factor/routes.js';
import { createAccountsService } from './sign-in/service.js';
import { prepareSessionLookup } from './sessions/lookup.js';
import { loadViewer } from './sessions/session-viewer.js';

/**
 * The accounts feature: Better Auth on our database, the access check every /api route goes
 * through, and the auth and account-settings routes. Registered before any other route so
 * that the access declaration is checked on each of them.
 */
export function registerAccounts(
  app: FastifyInstance,
  options: {
    config: AccountSettings;
    platforms: Platforms;
    logger: Logger;
    limiter: Limiter;
    /** The live channel: a session that ends here ends its sockets. */
    live: Live;
    /** Of the bus channel, for test apps sharing one Redis. */
    namespace: string;
    /** Whether staff must have a second factor on before any staff action (a site setting). */
    staffNeedSecondFactor?: () => Promise<boolean>;
    /** Told of each session check, whether it was remembered (for /metrics). */
    countSessionLookup?: (hit: boolean) => void;
  },
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
  const { live } = options;
  const service = createAccountsService({
    auth,
    db,
    mail,
    counters,
    secret: config.authSecret,
    live,
    secureCookies: config.publicUrl.protocol === 'https:',
  });
  const identities = createIdentitiesService({ auth, db, config });
  const passkeys = createPasskeyService({
    auth,
    db,
    signedIn: service.userAfterSignIn,
    checkPassword: service.checkPassword,
  });
  const secondFactor = createSecondFactorService({
    auth,
    db,
    mail,
    secret: config.authSecret,
    live,
    signedIn: service.userAfterSignIn,
    checkPassword: service.checkPassword,
    passkeys,
  });
  const lookup = prepareSessionLookup(db, {
    cacheMs: config.sessionCacheMs,
    count: options.countSessionLookup,
  });
  const source = { auth, db, secret: config.authSecret, lookup };
  registerAccess(app, {
    loadViewer: (request, reply) => loadViewer(source, request, reply),
    ...(options.staffNeedSecondFactor
      ? { staffNeedSecondFactor: options.staffNeedSecondFactor }
      : {}),
  });
  // A write that may have changed a session or an account (its route declares `sessions`
  // stale) forgets every remembered check before its answer leaves, here and, over the bus, in
  // every other process, so the next request anywhere sees the change (session-lookup.ts,
  // decision 031).
  const sessions = forgetEverywhere(
    platforms.bus,
    `${options.namespace}accounts:sessions-changed`,
    () => lookup.forget(),
  );
  app.addHook('onClose', () => sessions.close());
  return {
    auth,
    forgetStale: async (stale: Stale) => {
      if (!reachesSessions(stale)) return;
      await sessions.forget().catch((error: unknown) => {
        logger.warn({ err: error }, 'other processes were not told to forget their sessions');
      });
    },
    registerRoutes() {
      registerAuthRoutes(app, { auth, service, secondFactor, live });
      registerAccountRoutes(app, {
        db,
        service,
        live,
        describeWayIn: (label) => identities.describeWayIn(label),
      });
      registerIdentityRoutes(app, { db, identities, origin: config.publicUrl.origin });
      registerSecondFactorRoutes(app, { secondFactor });
      registerPasskeyRoutes(app, { passkeys, secondFactor });
    },
  };
}
