import { createHash } from 'node:crypto';
import { createOTP } from '@better-auth/utils/otp';
import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecondFactorStatus, SessionUser, SignInAnswer } from '../../../../shared/accounts.js';
import { AppError, invalidArgument } from '../../../../shared/errors.js';
import type { Db } from '../../../platform/db/database.js';
import type { Live } from '../../../core/live.js';
import { liveSessionKey, liveSessionKeyOf } from '../../../core/session-cookie.js';
import type { Viewer } from '../../../core/viewer.js';
import type { AccountMail } from '../account-mail.js';
import { secondFactorRules, type Auth } from '../better-auth/auth.js';
import { authErrorCode, toCatalogueError } from '../better-auth/auth-errors.js';
import { PASSKEY_SECOND_STEP_HEADER } from '../better-auth/passkey-plugin.js';
import {
  callPasskey,
  type PasskeyService,
  type AuthenticationAnswer,
} from '../passkeys/service.js';
import { checkPasswordIfAny, proveOwner } from '../account-settings/owner-proof.js';
import * as repo from '../repo.js';
import { unsignCookie } from '../sessions/lookup.js';
import { authHeaders, forwardCookies } from '../sessions/session-viewer.js';

/**
 * The second factor (issue 33): an authenticator app's codes, and recovery codes that each work
 * once. Better Auth's two-factor plugin keeps the secret and the codes (encrypted with the
 * site's secret), counts failures per sign-in and per account, and remembers trusted browsers;
 * this service adds what it leaves out: a code is accepted once, turning the factor off or
 * making new codes needs a current factor as well as the password, and the member is told by
 * mail when the factor is turned off or a recovery code is used.
 */

/** What a sign-in answers when its first factor was right and a second one is due. */
export const secondFactorNeeded: SignInAnswer = {
  secondFactor: { methods: ['authenticator', 'recovery-code'] },
};

/** Whether Better Auth answered a sign-in with its challenge instead of a session. */
export function waitsForSecondFactor(response: unknown): boolean {
  return (
    typeof response === 'object' &&
    response !== null &&
    (response as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

/** A code as the member typed it, spaces dropped; six digits are an authenticator's. */
const normalise = (code: string) => code.replace(/\s+/g, '');
const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code);

/** An authenticator's code is valid for about a minute and a half (one step either side). */
const codeLifetimeMs = 2 * 60 * 1000;

const wrongCode = () =>
  new AppError('invalid-argument', 'That code is not right. Try the newest code from your app.');

/** Better Auth's refusals of a code, in the catalogue's terms. */
function codeError(error: unknown): unknown {
  switch (authErrorCode(error)) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return wrongCode();
    case 'INVALID_TWO_FACTOR_COOKIE':
      return new AppError('unauthenticated', 'This sign-in has expired. Sign in again.');
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return new AppError(
        'resource-exhausted',
        'Too many wrong codes for this sign-in. Sign in again to get a new try.',
      );
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError(
        'resource-exhausted',
        'Too many wrong codes for this account. Try again in 15 minutes.',
      );
    case 'TOTP_NOT_ENABLED':
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return new AppError('failed-precondition', 'The second factor is not turned on');
    case 'INVALID_PASSWORD':
      return invalidArgument('Current password is incorrect');
    default:
      return toCatalogueError(error);
  }
}

/** Better Auth's body for an account with a password, or one without (`allowPasswordless`). */
const passwordIfAny = (password: string | undefined) => (password ? { password } : {});

async function callWithCodes<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw codeError(error);
  }
}

/**
 * Turns a member's second factor on without the routes, as Better Auth's plugin stores it (the
 * key and the recovery codes encrypted with the site's secret): the demo seed's member, whose
 * authenticator address and codes are printed so the flow can be tried.
 */
export async function grantSecondFactor(
  db: Db,
  options: { secret: string; userId: string; issuer: string; account: string },
): Promise<{ uri: string; recoveryCodes: string[] }> {
  const raw = generateRandomString(32);
  const recoveryCodes = Array.from({ length: secondFactorRules.recoveryCodes }, () => {
    const code = generateRandomString(10, 'a-z', '0-9', 'A-Z');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
  await repo.storeSecondFactor(db, options.userId, {
    secret: await symmetricEncrypt({ key: options.secret, data: raw }),
    backupCodes: await symmetricEncrypt({
      key: options.secret,
      data: JSON.stringify(recoveryCodes),
    }),
  });
  return { uri: createOTP(raw).url(options.issuer, options.account), recoveryCodes };
}

export function createSecondFactorService(deps: {
  auth: Auth;
  db: Db;
  mail: AccountMail;
  /** The secret Better Auth signs its cookies with. */
  secret: string;
  live: Pick<Live, 'keepOnlySession' | 'disconnectMember'>;
  /** The member signed in: their device cookie and what the session answer shows. */
  signedIn: (reply: FastifyReply, userId: string) => Promise<SessionUser>;
  checkPassword: (userId: string, password: string) => Promise<boolean>;
  passkeys: Pick<PasskeyService, 'signInOptions'>;
}) {
  const { auth, db, mail, live, passkeys } = deps;

  /**
   * Refuses a code this member's account has accepted before: an authenticator's code stays
   * valid for a minute or so, and one seen over a shoulder must not sign in a second time.
   * (Better Auth removes a recovery code once used.)
   */
  async function acceptOnce(userId: string, code: string): Promise<void> {
    if (!isAuthenticatorCode(code)) return;
    const key = createHash('sha256').update(`second-factor:${userId}:${code}`).digest('hex');
    if (!(await repo.markTokenUsed(db, key, new Date(Date.now() + codeLifetimeMs)))) {
      throw new AppError(
        'invalid-argument',
        'That code was used already. Wait for the next one in your app.',
      );
    }
  }

  /** The member a sign-in waiting for its second factor is for, from its signed cookie. */
  async function challengedMember(request: FastifyRequest): Promise<string> {
    const cookie = request.cookies['vp.two_factor'] ?? request.cookies['__Secure-vp.two_factor'];
    const identifier = cookie && unsignCookie(cookie, deps.secret);
    const userId = identifier ? await repo.challengedUserId(db, identifier) : undefined;
    if (!userId) throw new AppError('unauthenticated', 'This sign-in has expired. Sign in again.');
    return userId;
  }

  /**
   * Checks the password, then a current factor of a signed-in member (a recovery code is spent
   * by it): the password first, so a wrong one spends no code.
   */
  async function checkBothFactors(
    request: FastifyRequest,
    viewer: Viewer,
    body: { password?: string | undefined; code: string },
  ) {
    if (!(await repo.hasSecondFactor(db, viewer.id))) {
      throw new AppError('failed-precondition', 'The second factor is not turned on');
    }
    await checkPasswordIfAny(db, deps.checkPassword, viewer, body.password);
    const code = normalise(body.code);
    await acceptOnce(viewer.id, code);
    const headers = authHeaders(request);
    if (isAuthenticatorCode(code)) {
      await callWithCodes(() => auth.api.verifyTOTP({ body: { code }, headers }));
    } else {
      await callWithCodes(() => auth.api.verifyBackupCode({ body: { code }, headers }));
    }
  }

  /** Follows a session Better Auth replaced: the other tabs' live sockets keep going under it. */
  function followNewSession(
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: Viewer,
    headers: Headers,
  ) {
    forwardCookies(reply, headers);
    const token = /(?:^|\.)session_token=([^.;]+)/.exec(
      headers.getSetCookie().find((cookie) => /session_token=[^;]/.test(cookie)) ?? '',
    )?.[1];
    const was = liveSessionKeyOf(request.cookies);
    if (was !== undefined && token) {
      live.keepOnlySession(viewer.id, {
        was,
        now: liveSessionKey(decodeURIComponent(token)),
      });
    }
  }

  async function recoveryCodesLeft(userId: string): Promise<number> {
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    return backupCodes.length;
  }

  /** A session a passkey began for someone else than the sign-in it was to finish ends now. */
  async function endStraySession(headers: Headers) {
    const cookie = headers
      .getSetCookie()
      .map((set) => set.split(';')[0] ?? '')
      .filter((pair) => pair.includes('session_token='))
      .join('; ');
    await auth.api.signOut({ headers: new Headers({ cookie }) }).catch(() => undefined);
  }

  return {
    async status(viewer: Viewer): Promise<SecondFactorStatus> {
      const enabled = await repo.hasSecondFactor(db, viewer.id);
      return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(viewer.id) : null };
    },

    /**
     * Starts (or starts again) setting up an authenticator: a new key and new recovery codes,
     * which sign nobody in until the member confirms with a first code.
     */
    async setup(request: FastifyRequest, viewer: Viewer, password: string | undefined) {
      if (await repo.hasSecondFactor(db, viewer.id)) {
        throw new AppError('failed-precondition', 'The second factor is already on');
      }
      await proveOwner(db, deps.checkPassword, viewer, password, 'set up the second factor');
      const answer = await callWithCodes(() =>
        auth.api.enableTwoFactor({ body: passwordIfAny(password), headers: authHeaders(request) }),
      );
      if (!('totpURI' in answer) || !answer.totpURI) throw new Error('no authenticator address');
      const key = new URL(answer.totpURI).searchParams.get('secret') ?? '';
      return { uri: answer.totpURI, key, recoveryCodes: answer.backupCodes ?? [] };
    },

    /** The first code from the app: the second factor is on from now on. */
    async confirm(request: FastifyRequest, reply: FastifyReply, viewer: Viewer, typed: string) {
      const code = normalise(typed);
      const pending = await repo.secondFactorOf(db, viewer.id);
      if (!pending || pending.verified) {
        throw new AppError('failed-precondition', 'Start setting up the second factor first');
      }
      await acceptOnce(viewer.id, code);
      const { headers } = await callWithCodes(() =>
        auth.api.verifyTOTP({
          body: { code },
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
      followNewSession(request, reply, viewer, headers);
    },

    async disable(
      request: FastifyRequest,
      reply: FastifyReply,
      viewer: Viewer,
      body: { password?: string | undefined; code: string },
    ) {
      await checkBothFactors(request, viewer, body);
      const { headers } = await callWithCodes(() =>
        auth.api.disableTwoFactor({
          body: passwordIfAny(body.password),
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
      followNewSession(request, reply, viewer, headers);
      await mail.secondFactorOff(viewer.email);
    },

    async newRecoveryCodes(
      request: FastifyRequest,
      viewer: Viewer,
      body: { password?: string | undefined; code: string },
    ) {
      await checkBothFactors(request, viewer, body);
      const answer = await callWithCodes(() =>
        auth.api.generateBackupCodes({
          body: passwordIfAny(body.password),
          headers: authHeaders(request),
        }),
      );
      return { recoveryCodes: answer.backupCodes };
    },

    /** The second step of a sign-in: a code, and whether to trust this browser for 30 days. */
    async signIn(
      request: FastifyRequest,
      reply: FastifyReply,
      body: { code: string; trustBrowser?: boolean | undefined },
    ) {
      const code = normalise(body.code);
      const userId = await challengedMember(request);
      await acceptOnce(userId, code);
      const request_ = {
        body: { code, trustDevice: body.trustBrowser === true },
        headers: authHeaders(request),
        returnHeaders: true as const,
      };
      const recovery = !isAuthenticatorCode(code);
      const { headers } = await callWithCodes(() =>
        recovery ? auth.api.verifyBackupCode(request_) : auth.api.verifyTOTP(request_),
      );
      forwardCookies(reply, headers);
      const user = await deps.signedIn(reply, userId);
      if (recovery) await mail.recoveryCodeUsed(user.email, await recoveryCodesLeft(userId));
      return user;
    },

    /** A challenge for the second step, answered by one of the member's passkeys. */
    async passkeyOptions(request: FastifyRequest, reply: FastifyReply) {
      const userId = await challengedMember(request);
      if (!(await repo.hasPasskey(db, userId))) {
        throw new AppError(
          'failed-precondition',
          'This account has no passkey. Use your authenticator app or a recovery code.',
        );
      }
      return passkeys.signInOptions(request, reply);
    },

    /**
     * The second step with a passkey in place of a code: the passkey must be the same member's;
     * the sign-in's challenge is spent and the browser trusted for 30 days when asked.
     */
    async signInWithPasskey(
      request: FastifyRequest,
      reply: FastifyReply,
      body: { response: AuthenticationAnswer; trustBrowser?: boolean | undefined },
    ) {
      const userId = await challengedMember(request);
      const headers = authHeaders(request);
      headers.set(PASSKEY_SECOND_STEP_HEADER, '1');
      const answer = await callPasskey(() =>
        auth.api.verifyPasskeyAuthentication({
          body: { response: body.response },
          headers,
          returnHeaders: true,
        }),
      );
      if (answer.response.user.id !== userId) {
        await endStraySession(answer.headers);
        throw new AppError('unauthenticated', 'That passkey belongs to another account.');
      }
      try {
        const ended = await auth.api.endSecondStepWithPasskey({
          body: { userId, trustDevice: body.trustBrowser === true },
          headers: authHeaders(request),
          returnHeaders: true,
        });
        void reply.header('set-cookie', [
          ...answer.headers.getSetCookie(),
          ...ended.headers.getSetCookie(),
        ]);
      } catch (error) {
        await endStraySession(answer.headers);
        throw codeError(error);
      }
      return deps.signedIn(reply, userId);
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
