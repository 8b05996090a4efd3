import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, magicLink, twoFactor, username } from 'better-auth/plugins';
import type { BetterAuthPlugin } from 'better-auth';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import { accounts, sessions, twoFactors, users, verifications } from '../../platform/db/schema.js';
import type { AccountMail } from './account-mail.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { quietContexts } from './quiet-contexts.js';
import { findUserByEmail, promoteListedAdmin } from './repo.js';

/** The request header carrying Fastify's `request.ip` into Better Auth (never the client's). */
export const CLIENT_IP_HEADER = 'x-viewpoint-client-ip';

export const linkLifetimes = {
  verifyEmailSeconds: 24 * 60 * 60,
  resetPasswordSeconds: 60 * 60,
  magicLinkSeconds: 15 * 60,
} as const;

/** The second factor's rules: 10 recovery codes, a browser trusted for 30 days. */
export const secondFactorRules = {
  recoveryCodes: 10,
  trustBrowserSeconds: 30 * 24 * 60 * 60,
  /** How long a sign-in waits for its second factor once the first one was right. */
  challengeSeconds: 10 * 60,
} as const;

/**
 * Better Auth's two-factor plugin asks for the second factor after a password sign-in only. The
 * same check (its own hook) runs after the other ways in that start a session here: an emailed
 * sign-in link and an email verification link (which signs the member in). No path skips it.
 */
function secondFactorEverywhere(plugin: ReturnType<typeof twoFactor>): BetterAuthPlugin {
  const [afterSignIn] = plugin.hooks?.after ?? [];
  if (!afterSignIn) throw new Error('the two-factor plugin has no sign-in hook');
  const paths = new Set(['/magic-link/verify', '/verify-email']);
  return {
    id: 'second-factor-everywhere',
    hooks: {
      after: [
        { matcher: (context) => paths.has(context.path ?? ''), handler: afterSignIn.handler },
      ],
    },
  };
}

/**
 * Better Auth on our own database (DESIGN.md §3). We never mount its HTTP handler: our Fastify
 * routes validate, rate limit and authorise, then call `auth.api.*` (routes.ts). So its own
 * limiter and origin check stay off here, and the CSRF check is ours (plugins/csrf.ts).
 */
/** How long a session lives, and how often its expiry slides forward (read by session-lookup.ts). */
export const sessionLifetime = { expiresInSeconds: 30 * 24 * 60 * 60, updateAgeSeconds: 60 * 60 };

export function createAuth(options: { config: Config; db: Db; mail: AccountMail; logger: Logger }) {
  const { config, db, mail, logger } = options;
  const secondFactor = twoFactor({
    issuer: config.siteName,
    backupCodeOptions: { amount: secondFactorRules.recoveryCodes, length: 10 },
    trustDeviceMaxAge: secondFactorRules.trustBrowserSeconds,
    twoFactorCookieMaxAge: secondFactorRules.challengeSeconds,
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
  });
  const auth = betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl.origin,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl.origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, accounts, sessions, verifications, twoFactors },
    }),
    logger: {
      level: 'warn',
      log: (level, message) => logger[level === 'debug' ? 'debug' : level]({ auth: true }, message),
    },
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      requireEmailVerification: false,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: linkLifetimes.resetPasswordSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => mail.resetPassword(user.email, token),
      onExistingUserSignUp: ({ user }) => mail.signUpAttempt(user.email),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: linkLifetimes.verifyEmailSeconds,
      sendVerificationEmail: ({ user, token }) => mail.verifyEmail(user.email, token),
    },
    databaseHooks: {
      user: {
        update: {
          // ADMIN_EMAILS: the first admins of a site become admin once their address is proven.
          after: async (user) => {
            if (user.emailVerified && config.adminEmails.includes(user.email.toLowerCase())) {
              await promoteListedAdmin(db, user.id);
            }
          },
        },
      },
    },
    session: {
      expiresIn: sessionLifetime.expiresInSeconds,
      // Refreshing at most hourly keeps "last seen" in the sessions list honest and cheap.
      updateAge: sessionLifetime.updateAgeSeconds,
      // No cookie cache: a revoked or blocked session must fail on its very next request.
      cookieCache: { enabled: false },
    },
    user: {
      changeEmail: { enabled: false },
      deleteUser: { enabled: false },
      // Read by loadViewer: a session that outlived its account's deletion signs nobody in.
      additionalFields: { deletedAt: { type: 'date', required: false, input: false } },
    },
    advanced: {
      cookiePrefix: 'vp',
      useSecureCookies: config.publicUrl.protocol === 'https:',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 20 }),
      magicLink({
        expiresIn: linkLifetimes.magicLinkSeconds,
        disableSignUp: true,
        storeToken: 'hashed',
        // Unknown addresses get no mail, but the same answer (no enumeration).
        sendMagicLink: async ({ email, token }) => {
          const user = await findUserByEmail(db, email);
          if (user && !user.deletedAt) await mail.magicLink(email, token);
        },
      }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      secondFactor,
      secondFactorEverywhere(secondFactor),
    ],
  });
  // Its storages are disabled between calls, so the rest of the site runs without promise
  // hooks (quiet-contexts.ts).
  return { ...auth, api: quietContexts(auth.api) };
}

export type Auth = ReturnType<typeof createAuth>;
