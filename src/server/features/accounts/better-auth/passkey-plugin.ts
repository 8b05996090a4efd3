import { passkey } from '@better-auth/passkey';
import { createHMAC } from '@better-auth/utils/hmac';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { expireCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { z } from 'zod';
import type { AccountSettings } from '../settings.js';

/*
 * Passkeys in Better Auth (decision 052): its passkey plugin keeps the credentials and checks
 * every ceremony (a challenge that works once, this site's origin and relying party, the
 * signature against the stored key, the counter); ours adds that the person was verified on the
 * device (fingerprint, face or PIN), so a passkey alone is two factors, and ends a sign-in
 * waiting for its second factor when a passkey answered instead of a code.
 */

/** The header our second step adds, so the session says it began with a second factor. */
export const PASSKEY_SECOND_STEP_HEADER = 'x-viewpoint-second-step';

/** The two-factor plugin's cookies (its constants are not exported). */
const twoFactorCookieName = 'two_factor';
const trustBrowserCookieName = 'trust_device';

export function passkeyPlugins(config: AccountSettings, rules: { trustBrowserSeconds: number }) {
  return [
    passkey({
      rpID: config.publicUrl.hostname,
      rpName: config.siteName,
      origin: config.publicUrl.origin,
      // Found by the browser without a username, and only after the person proved it is them.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      advanced: { webAuthnChallengeCookie: 'passkey_challenge' },
      authentication: {
        afterVerification: ({ verification }) => {
          if (!verification.authenticationInfo.userVerified) {
            throw new APIError('UNAUTHORIZED', {
              code: 'USER_NOT_VERIFIED',
              message: 'Your device did not check it was you (fingerprint, face or PIN)',
            });
          }
        },
      },
    }),
    passkeyEndsSecondStep(rules),
  ] as const;
}

/**
 * Ends a sign-in that waits for its second factor once a passkey of the same member answered
 * (the session itself comes from the passkey plugin): the challenge is spent, and the browser is
 * trusted for 30 days when asked, exactly as the two-factor plugin does after a code. Called by
 * our service only; Better Auth's handler is never mounted (auth.ts).
 */
function passkeyEndsSecondStep(rules: { trustBrowserSeconds: number }) {
  return {
    id: 'passkey-second-step',
    endpoints: {
      endSecondStepWithPasskey: createAuthEndpoint(
        '/two-factor/passkey-answered',
        {
          method: 'POST',
          body: z.object({ userId: z.string().min(1), trustDevice: z.boolean().optional() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const challenge = ctx.context.createAuthCookie(twoFactorCookieName);
          const identifier = await ctx.getSignedCookie(challenge.name, ctx.context.secret);
          const spent =
            identifier && (await ctx.context.internalAdapter.consumeVerificationValue(identifier));
          expireCookie(ctx, challenge);
          if (!spent || spent.value !== ctx.body.userId) {
            throw new APIError('UNAUTHORIZED', { code: 'INVALID_TWO_FACTOR_COOKIE' });
          }
          if (ctx.body.trustDevice) {
            const maxAge = rules.trustBrowserSeconds;
            const cookie = ctx.context.createAuthCookie(trustBrowserCookieName, { maxAge });
            const trustIdentifier = `trust-device-${generateRandomString(32)}`;
            const token = await createHMAC('SHA-256', 'base64urlnopad').sign(
              ctx.context.secret,
              `${ctx.body.userId}!${trustIdentifier}`,
            );
            await ctx.context.internalAdapter.createVerificationValue({
              value: ctx.body.userId,
              identifier: trustIdentifier,
              expiresAt: new Date(Date.now() + maxAge * 1000),
            });
            await ctx.setSignedCookie(
              cookie.name,
              `${token}!${trustIdentifier}`,
              ctx.context.secret,
              cookie.attributes,
            );
          }
          return ctx.json({ ok: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
