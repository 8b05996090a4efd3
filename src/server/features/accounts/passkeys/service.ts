import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Passkey, SessionUser } from '../../../../shared/accounts.js';
import type {
  authenticationResponseSchema,
  registrationResponseSchema,
} from '../../../../shared/passkey-answers.js';
import { AppError, notFound } from '../../../../shared/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { activeBlock, blockedError, type Viewer } from '../../../core/viewer.js';
import type { Auth } from '../better-auth/auth.js';
import { authErrorCode, toCatalogueError } from '../better-auth/auth-errors.js';
import { proveOwner } from '../account-settings/owner-proof.js';
import * as repo from '../repo.js';
import { authHeaders, forwardCookies } from '../sessions/session-viewer.js';

/**
 * Passkeys (decision 052): a member adds them on /user-profile and signs in with one instead of
 * a password; with the second factor on, one also answers in place of a code (second-factor.ts).
 * Better Auth's passkey plugin runs the WebAuthn ceremonies (passkey-auth.ts).
 */

/**
 * The browser's answers, in the shape our schemas let through; Better Auth's plugin checks
 * every part of them against the challenge it issued.
 */
export type RegistrationAnswer = z.infer<typeof registrationResponseSchema>;
export type AuthenticationAnswer = z.infer<typeof authenticationResponseSchema>;

/** Better Auth's refusals of a passkey, in the catalogue's terms. */
export function passkeyError(error: unknown): unknown {
  switch (authErrorCode(error)) {
    case 'CHALLENGE_NOT_FOUND':
      return new AppError(
        'invalid-argument',
        'This passkey request has expired or was already used. Try again.',
      );
    case 'PASSKEY_NOT_FOUND':
      return new AppError('unauthenticated', 'This passkey is not known here.');
    case 'AUTHENTICATION_FAILED':
    case 'USER_NOT_VERIFIED':
      return new AppError(
        'unauthenticated',
        'The passkey could not be checked. Try again, with your fingerprint, face or PIN.',
      );
    case 'FAILED_TO_VERIFY_REGISTRATION':
    case 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY':
      return new AppError(
        'invalid-argument',
        'The passkey could not be added (it may be registered already). Try again.',
      );
    default:
      return toCatalogueError(error);
  }
}

export async function callPasskey<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw passkeyError(error);
  }
}

export function createPasskeyService(deps: {
  auth: Auth;
  db: Db;
  checkPassword: (userId: string, password: string) => Promise<boolean>;
  /** The member signed in: their device cookie and what the session answer shows. */
  signedIn: (reply: FastifyReply, userId: string) => Promise<SessionUser>;
}) {
  const { auth, db } = deps;

  return {
    list: (viewer: Viewer): Promise<Passkey[]> => repo.passkeysOf(db, viewer.id),

    /** What the browser needs to create a passkey for this member (a challenge for 5 minutes). */
    async registrationOptions(
      request: FastifyRequest,
      reply: FastifyReply,
      viewer: Viewer,
      password: string | undefined,
    ) {
      await proveOwner(db, deps.checkPassword, viewer, password, 'add the passkey');
      const { headers, response } = await callPasskey(() =>
        auth.api.generatePasskeyRegistrationOptions({
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
      forwardCookies(reply, headers);
      return { options: response as unknown as Record<string, unknown> };
    },

    async add(
      request: FastifyRequest,
      viewer: Viewer,
      body: { name: string; response: RegistrationAnswer },
    ): Promise<Passkey> {
      const created = await callPasskey(() =>
        auth.api.verifyPasskeyRegistration({
          body: {
            response: body.response,
            name: body.name,
          },
          headers: authHeaders(request),
        }),
      );
      await repo.recordIdentityChange(db, viewer.id, 'link', repo.passkeyLabel(body.name));
      const passkey = await repo.passkeyOf(db, viewer.id, created.id);
      if (!passkey) throw notFound('Passkey');
      return passkey;
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      const outcome = await repo.removePasskey(db, viewer.id, id);
      if (outcome === 'missing') throw notFound('Passkey');
      if (outcome === 'last') {
        throw new AppError(
          'failed-precondition',
          'This passkey is your only way to sign in. Set a password or link an account first.',
        );
      }
    },

    /** A challenge any of this site's passkeys can answer (the browser offers them). */
    async signInOptions(request: FastifyRequest, reply: FastifyReply) {
      const { headers, response } = await callPasskey(() =>
        auth.api.generatePasskeyAuthenticationOptions({
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
      forwardCookies(reply, headers);
      return { options: response as unknown as Record<string, unknown> };
    },

    /**
     * Signs in with a passkey: the device checked it was the member (fingerprint, face or PIN),
     * so it counts as both factors and no code is asked.
     */
    async signIn(request: FastifyRequest, reply: FastifyReply, response: AuthenticationAnswer) {
      try {
        const answer = await auth.api.verifyPasskeyAuthentication({
          body: { response },
          headers: authHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(reply, answer.headers);
        return { user: await deps.signedIn(reply, answer.response.user.id) };
      } catch (error) {
        if (authErrorCode(error) === 'BANNED_USER') {
          const user = await repo.userOfPasskey(db, response.id);
          throw blockedError(
            (user && activeBlock(user)) ?? { reason: 'Your account is blocked', until: null },
          );
        }
        throw passkeyError(error);
      }
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
