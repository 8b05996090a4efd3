import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { AppError, invalidArgument, notFound } from '../../../../shared/errors.js';
import type { Db } from '../../../platform/db/database.js';
import type { AccountMail } from '../account-mail.js';
import { linkLifetimes, type Auth } from '../better-auth/auth.js';
import {
  authErrorCode,
  callAuth,
  invalidLink,
  toCatalogueError,
} from '../better-auth/auth-errors.js';
import { spacingSeconds, type AccountCounters } from '../limits.js';
import { verifyPassword } from '../password-hash.js';
import { assertPasswordAllowed } from '../password-policy.js';
import * as repo from '../repo.js';
import { deviceOf, giveDeviceCookie, type Device } from './device-cookie.js';
import { secondFactorNeeded, waitsForSecondFactor } from '../second-factor/service.js';
import { rememberWayIn } from '../better-auth/ways-in.js';
import { authHeaders, forwardCookies } from '../sessions/session-viewer.js';
import { activeBlock, blockedError, type Viewer } from '../../../core/viewer.js';
import type { Live } from '../../../core/live.js';
import { liveSessionKey, liveSessionKeyOf } from '../../../core/session-cookie.js';

/**
 * The address a verification token is for, when Better Auth signed it with our secret and it has
 * not expired; null otherwise. Checked before the token is recorded as used, so a forged or
 * stale link writes nothing.
 */
async function emailInToken(token: string, secret: Uint8Array): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The accounts rules: each operation limits, checks the policy, then lets Better Auth do the
 * session and token work. Routes stay thin (routes.ts).
 */
export function createAccountsService(deps: {
  auth: Auth;
  db: Db;
  mail: AccountMail;
  counters: AccountCounters;
  /** The secret Better Auth signs its verification tokens with. */
  secret: string;
  /** Ends the live sockets of sessions that end here. */
  live: Pick<Live, 'disconnectMember' | 'keepOnlySession'>;
  /** The site is served over https: cookies set here are Secure. */
  secureCookies: boolean;
}) {
  const { auth, db, mail, counters, live } = deps;
  const tokenKey = new TextEncoder().encode(deps.secret);

  /** A correct password for a blocked account tells its owner why, nobody else. */
  async function refuseIfBlocked(error: unknown, email: string): Promise<never> {
    if (authErrorCode(error) === 'BANNED_USER') {
      const user = await repo.findUserByEmail(db, email);
      const block = user && activeBlock(user);
      if (block) throw blockedError(block);
    }
    throw error;
  }

  /** The signed-in member, and a device cookie for this browser (decision 039). */
  async function userAfterSignIn(reply: FastifyReply, userId: string) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound('user');
    giveDeviceCookie(reply, user.id, deps.secureCookies);
    return repo.presentUser(user);
  }

  /**
   * The browser's device cookie when it is the site's own and for the account `email` names;
   * null otherwise (none, forged, or another account's), and the attempt counts as a stranger's.
   */
  async function trustedDevice(request: FastifyRequest, email: string): Promise<Device | null> {
    const device = deviceOf(request);
    if (!device) return null;
    const user = await repo.findUserByEmail(db, email);
    return user?.id === device.userId ? device : null;
  }

  /**
   * An account that many addresses failed to sign in to takes one attempt per spacing window,
   * except from an address its owner signed in from before: strangers slow each other down,
   * never the owner.
   */
  async function spaceOutAttempts(email: string, pair: string): Promise<void> {
    const { used: failures } = await counters.signInAccount.state(email);
    const spacing = spacingSeconds(failures);
    if (spacing === 0 || (await counters.knownAddress.state(pair)).used > 0) return;
    await counters.signInSpacing.consume(email, spacing);
  }

  /** The first step was right: the answer asks for the second, and the way in is kept. */
  function waitForSecondFactor(reply: FastifyReply, wayIn: string) {
    rememberWayIn(reply, wayIn, deps.secureCookies);
    return secondFactorNeeded;
  }

  async function checkPassword(userId: string, password: string): Promise<boolean> {
    const hash = await repo.passwordHashOf(db, userId);
    return hash !== undefined && (await verifyPassword({ hash, password }));
  }

  return {
    async signUp(
      request: FastifyRequest,
      body: { name: string; username: string; email: string; password: string },
    ) {
      await counters.signUpAddress.consume(request.ip);
      assertPasswordAllowed(body.password, body);
      if (await repo.usernameTaken(db, body.username)) {
        throw new AppError('already-exists', 'That username is taken');
      }
      await callAuth(() =>
        auth.api.signUpEmail({
          body: {
            name: body.name,
            email: body.email,
            password: body.password,
            username: body.username,
            displayUsername: body.username,
          },
          headers: authHeaders(request),
        }),
      );
      return { status: 'email-sent' as const };
    },

    async signIn(request: FastifyRequest, reply: FastifyReply, email: string, password: string) {
      const pair = `${email}|${request.ip}`;
      // A browser that signed in to this account before answers for itself alone.
      const device = await trustedDevice(request, email);
      if (device) {
        await counters.signInDevice.check(device.nonce);
      } else {
        await counters.signInPair.check(pair);
        await counters.signInAddress.check(request.ip);
        await spaceOutAttempts(email, pair);
      }
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email, password, rememberMe: true },
          headers: authHeaders(request),
          returnHeaders: true,
        });
        if (device) await counters.signInDevice.reset(device.nonce);
        else await counters.signInPair.reset(pair);
        await counters.knownAddress.penalise(pair);
        forwardCookies(reply, headers);
        // The password was right; a member with a second factor is asked for it next.
        if (waitsForSecondFactor(response)) return waitForSecondFactor(reply, 'password');
        return { user: await userAfterSignIn(reply, response.user.id) };
      } catch (error) {
        if (authErrorCode(error) === 'BANNED_USER') return refuseIfBlocked(error, email);
        if (authErrorCode(error) === 'INVALID_EMAIL_OR_PASSWORD') {
          if (device) {
            await counters.signInDevice.penalise(device.nonce);
          } else {
            await counters.signInPair.penalise(pair);
            await counters.signInAddress.penalise(request.ip);
            await counters.signInAccount.penalise(email);
          }
          throw new AppError('unauthenticated', 'Email or password is incorrect');
        }
        throw toCatalogueError(error);
      }
    },

    async verifyEmail(request: FastifyRequest, reply: FastifyReply, token: string) {
      const email = await emailInToken(token, tokenKey);
      if (!email) throw invalidLink();
      const expiresAt = new Date(Date.now() + linkLifetimes.verifyEmailSeconds * 1000);
      if (!(await repo.markTokenUsed(db, sha256(token), expiresAt))) throw invalidLink();
      let result;
      try {
        result = await auth.api.verifyEmail({
          query: { token },
          headers: authHeaders(request),
          returnHeaders: true,
        });
      } catch (error) {
        if (authErrorCode(error) === 'BANNED_USER') {
          throw blockedError({ reason: 'Your account is blocked', until: null });
        }
        throw toCatalogueError(error);
      }
      if (waitsForSecondFactor(result.response)) {
        forwardCookies(reply, result.headers);
        return waitForSecondFactor(reply, 'email-link');
      }
      // Better Auth signs the user in (a session cookie) only when this link verified the
      // address; an address verified before answers without one.
      const signedIn = result.headers.getSetCookie().some((c) => c.includes('session_token='));
      const user = await repo.findUserByEmail(db, email);
      if (!signedIn || !user) throw invalidLink();
      forwardCookies(reply, result.headers);
      giveDeviceCookie(reply, user.id, deps.secureCookies);
      return { user: repo.presentUser(user) };
    },

    async resendVerification(viewer: Viewer | null, email: string | undefined) {
      const address = viewer?.email ?? email;
      if (!address) throw invalidArgument('Enter the email address to verify');
      await counters.mailAddress.consume(`verify:${address}`);
      const user = await repo.findUserByEmail(db, address);
      if (user && !user.emailVerified && !user.deletedAt) {
        await callAuth(() => auth.api.sendVerificationEmail({ body: { email: address } }));
      }
      return { status: 'email-sent' as const };
    },

    async requestPasswordReset(email: string) {
      await counters.mailAddress.consume(`reset:${email}`);
      await callAuth(() =>
        auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth/reset-password' } }),
      );
      return { status: 'email-sent' as const };
    },

    async resetPassword(token: string, password: string) {
      const pending = await repo.findVerification(db, `reset-password:${token}`);
      const user = pending && (await repo.findUserById(db, pending.value));
      // A deleted account has no password, and an old link must not give it one again.
      if (!user || user.deletedAt) throw invalidLink();
      assertPasswordAllowed(password, user);
      await callAuth(() => auth.api.resetPassword({ body: { token, newPassword: password } }));
      // Every session ended with the old password; so does every open live socket.
      live.disconnectMember(user.id);
    },

    async requestMagicLink(request: FastifyRequest, email: string) {
      await counters.mailAddress.consume(`magic-link:${email}`);
      await callAuth(() =>
        auth.api.signInMagicLink({ body: { email }, headers: authHeaders(request) }),
      );
      return { status: 'email-sent' as const };
    },

    async verifyMagicLink(request: FastifyRequest, reply: FastifyReply, token: string) {
      try {
        const { headers, response } = await auth.api.magicLinkVerify({
          query: { token },
          headers: authHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(reply, headers);
        if (waitsForSecondFactor(response)) return waitForSecondFactor(reply, 'email-link');
        return { user: await userAfterSignIn(reply, response.user.id) };
      } catch (error) {
        if (authErrorCode(error) === 'BANNED_USER') {
          throw blockedError({ reason: 'Your account is blocked', until: null });
        }
        throw toCatalogueError(error);
      }
    },

    checkPassword,
    userAfterSignIn,

    async changePassword(
      request: FastifyRequest,
      reply: FastifyReply,
      viewer: Viewer,
      body: { currentPassword: string; newPassword: string },
    ) {
      if (!(await checkPassword(viewer.id, body.currentPassword))) {
        throw invalidArgument('Current password is incorrect');
      }
      assertPasswordAllowed(body.newPassword, viewer);
      const { headers, response } = await callAuth(() =>
        auth.api.changePassword({
          body: { ...body, revokeOtherSessions: true },
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
      forwardCookies(reply, headers);
      // Better Auth ended every session and gave this browser a new one: the other browsers'
      // sockets end too, this one's keep going under its new session.
      const was = liveSessionKeyOf(request.cookies);
      if (was === undefined || !response.token) live.disconnectMember(viewer.id);
      else live.keepOnlySession(viewer.id, { was, now: liveSessionKey(response.token) });
    },

    async requestEmailChange(viewer: Viewer, newEmail: string, password: string) {
      if (!(await checkPassword(viewer.id, password))) {
        throw invalidArgument('Current password is incorrect');
      }
      if (newEmail === viewer.email) throw invalidArgument('That is already your email address');
      await counters.mailAddress.consume(`change-email:${newEmail}`);
      if (await repo.findUserByEmail(db, newEmail)) {
        await mail.emailInUse(newEmail);
        return { status: 'email-sent' as const };
      }
      const token = randomBytes(32).toString('base64url');
      await repo.storeVerification(db, {
        identifier: `change-email:${sha256(token)}`,
        value: JSON.stringify({ userId: viewer.id, newEmail }),
        expiresAt: new Date(Date.now() + linkLifetimes.verifyEmailSeconds * 1000),
      });
      await mail.changeEmail(newEmail, token);
      return { status: 'email-sent' as const };
    },

    async confirmEmailChange(token: string) {
      const pending = await repo.consumeVerification(db, `change-email:${sha256(token)}`);
      if (!pending) throw invalidLink();
      const { userId, newEmail } = JSON.parse(pending.value) as {
        userId: string;
        newEmail: string;
      };
      // A link mailed before the account was deleted must not give the scrubbed row an address.
      const owner = await repo.findUserById(db, userId);
      if (!owner || owner.deletedAt) throw invalidLink();
      const updated = await repo.changeEmail(db, userId, newEmail);
      if (!updated) throw new AppError('already-exists', 'That address already has an account');
      return repo.presentUser(updated);
    },

    async deleteAccount(viewer: Viewer, username: string, password: string) {
      if (username.toLowerCase() !== (viewer.username ?? '').toLowerCase()) {
        throw invalidArgument('Type your username exactly to confirm');
      }
      if (!(await checkPassword(viewer.id, password))) {
        throw invalidArgument('Current password is incorrect');
      }
      await repo.scrubAccount(db, viewer.id);
      live.disconnectMember(viewer.id);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
