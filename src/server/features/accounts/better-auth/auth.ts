import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, magicLink, twoFactor, username } from 'better-auth/plugins';
import type { BetterAuthPlugin } from 'better-auth';
import type { Logger } from 'pino';
import type { AccountSettings } from '../settings.js';
import type { Db } from '../../../platform/db/database.js';
import { users } from '../../../core/schema.js';
import { accounts, passkeys, sessions, twoFactors, verifications } from '../schema.js';
import type { AccountMail } from '../account-mail.js';
import { hashPassword, verifyPassword } from '../password-hash.js';
import { passkeyPlugins } from './passkey-plugin.js';
import { quietContexts } from './quiet-contexts.js';
import { providerCallbackPath, signInMethodOf, usernameForNewcomer } from './ways-in.js';
import { findUserByEmail, promoteListedAdmin, recordIdentityChange } from '../repo.js';

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
 * sign-in link, an email verification link (which signs the member in) and an identity
 * provider's callback. No path skips it.
 */
function secondFactorEverywhere(plugin: ReturnType<typeof twoFactor>): BetterAuthPlugin {
  const [afterSignIn] = plugin.hooks?.after ?? [];
  if (!afterSignIn) throw new Error('the two-factor plugin has no sign-in hook');
  const paths = new Set(['/magic-link/verify', '/verify-email', providerCallbackPath]);
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

export function createAuth(options: {
  config: AccountSettings;
  db: Db;
  mail: AccountMail;
  logger: Logger;
}) {
  const { config, db, mail, logger } = options;
  const secondFactor = twoFactor({
    issuer: config.siteName,
    backupCodeOptions: { amount: secondFactorRules.recoveryCodes, length: 10 },
    trustDeviceMaxAge: secondFactorRules.trustBrowserSeconds,
    twoFactorCookieMaxAge: secondFactorRules.challengeSeconds,
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    // A provider's newcomer has no password: our service asks for a recent sign-in instead
    // (owner-proof.ts). An account with a password is still asked for it.
    allowPasswordless: true,
  });
  async function promoteIfListed(user: { id: string; email: string; emailVerified: boolean }) {
    if (user.emailVerified && config.adminEmails.includes(user.email.toLowerCase())) {
      await promoteListedAdmin(db, user.id);
    }
  }
  const auth = betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl.origin,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl.origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, accounts, sessions, verifications, twoFactors, passkeys },
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
    socialProviders: socialProviders(config),
    account: {
      accountLinking: {
        enabled: true,
        // An identity whose address matches an account never signs into it: its owner signs
        // in first and links it (identities.ts). A provider's unverified address never links.
        disableImplicitLinking: true,
        allowDifferentEmails: true,
        trustedProviders: [],
      },
    },
    // Errors before a sign-in's own are known (a forged state, say) land on the same page.
    onAPIError: { errorURL: `${config.publicUrl.origin}/auth/provider-done` },
    databaseHooks: {
      user: {
        create: {
          // A newcomer from an identity provider gets a username to confirm.
          before: async (user, context) =>
            context?.path === providerCallbackPath
              ? { data: { ...user, ...(await usernameForNewcomer(db, user)) } }
              : undefined,
          after: (user) => promoteIfListed(user),
        },
        // ADMIN_EMAILS: the first admins of a site become admin once their address is proven.
        update: { after: (user) => promoteIfListed(user) },
      },
      session: {
        // The sessions list says how each one began.
        create: {
          before: (session, context) =>
            Promise.resolve({ data: { ...session, signedInWith: signInMethodOf(context) } }),
        },
      },
      account: {
        create: {
          after: async (account) => {
            if (account.providerId !== 'credential') {
              await recordIdentityChange(
                db,
                account.userId,
                'link',
                providerName(config, account.providerId),
              );
            }
          },
        },
      },
    },
    session: {
      additionalFields: { signedInWith: { type: 'string', required: false, input: false } },
      expiresIn: sessionLifetime.expiresInSeconds,
      // Refreshing at most hourly keeps "last seen" in the sessions list honest and cheap.
      updateAge: sessionLifetime.updateAgeSeconds,
      // Sensitive changes ask for the password (or a recent sign-in, passkeys.ts) instead of a
      // session begun within a day, which would refuse a member who has just typed it.
      freshAge: 0,
      // No cookie cache: a revoked or blocked session must fail on its very next request.
      cookieCache: { enabled: false },
    },
    user: {
      changeEmail: { enabled: false },
      deleteUser: { enabled: false },
      // Read by loadViewer: a session that outlived its account's deletion signs nobody in.
      additionalFields: {
        deletedAt: { type: 'date', required: false, input: false },
        usernameChosen: { type: 'boolean', required: false, input: false, defaultValue: true },
      },
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
      ...openIdConnect(config),
      ...passkeyPlugins(config, secondFactorRules),
    ],
  });
  // Its storages are disabled between calls, so the rest of the site runs without promise
  // hooks (quiet-contexts.ts).
  return { ...auth, api: quietContexts(auth.api) };
}

export type Auth = ReturnType<typeof createAuth>;

const providerName = (config: AccountSettings, id: string) =>
  config.identityProviders.find((provider) => provider.id === id)?.name ?? id;

/** GitHub and Google, when their variables are set (config.ts). */
function socialProviders(config: AccountSettings) {
  const providers: Record<string, { clientId: string; clientSecret: string }> = {};
  for (const provider of config.identityProviders) {
    if (provider.id === 'github' || provider.id === 'google') {
      providers[provider.id] = { clientId: provider.clientId, clientSecret: provider.clientSecret };
    }
  }
  return providers;
}

/**
 * Any OpenID Connect issuer (Keycloak, Authentik, Auth0, a company's own), found through its
 * discovery document. Its ID token must verify against the issuer's keys, with this client as
 * the audience and the nonce this sign-in sent.
 */
function openIdConnect(config: AccountSettings): BetterAuthPlugin[] {
  const oidc = config.identityProviders.find((provider) => provider.id === 'oidc');
  if (!oidc || oidc.id !== 'oidc') return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: 'oidc',
          name: oidc.name,
          discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          requireIdTokenVerification: true,
        },
      ],
    }),
  ];
}
