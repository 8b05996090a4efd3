import { randomInt } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../../shared/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { PASSKEY_SECOND_STEP_HEADER } from './passkey-plugin.js';
import * as repo from '../repo.js';

/*
 * How a member came in, told apart for Better Auth's hooks (auth.ts) and the sign-in routes:
 * the label each session keeps, and the username a newcomer from a provider starts with.
 */

/** Better Auth's path for a provider's answer: the second factor is asked after it too. */
export const providerCallbackPath = '/callback/:id';

/** The sign-in cookies here are sent to the auth routes only, for 10 minutes. */
export const flowCookiePath = '/api/auth';
export const flowSeconds = 10 * 60;

type EndpointContext = {
  path?: string;
  params?: Record<string, unknown>;
  headers?: Headers;
} | null;

const secondFactorPaths = ['/two-factor/verify-totp', '/two-factor/verify-backup-code'];

/**
 * How a session began, for the member's sessions list: 'password', 'email-link', a provider's
 * id; '+second-factor' when one was asked. A second factor's session takes the first way from
 * the cookie the first step left (wayInCookie).
 */
export function signInMethodOf(context: EndpointContext): string | null {
  const path = context?.path ?? '';
  if (path === '/sign-in/email') return 'password';
  if (path === '/magic-link/verify' || path === '/verify-email') return 'email-link';
  if (path === providerCallbackPath) {
    const id = context?.params?.id;
    return typeof id === 'string' ? id : 'provider';
  }
  if (path === '/change-password') return 'password';
  if (path === passkeySignInPath) {
    // A passkey in place of a code ends a sign-in that began another way (passkey-auth.ts).
    if (!context?.headers?.get(PASSKEY_SECOND_STEP_HEADER)) return 'passkey';
    return `${firstWayIn(context)}+second-factor`;
  }
  if (secondFactorPaths.includes(path)) {
    return `${firstWayIn(context)}+second-factor`;
  }
  return null;
}

/** The first step of a sign-in now ending with its second, from the cookie it left. */
function firstWayIn(context: EndpointContext): string {
  const first = cookieValue(context?.headers?.get('cookie') ?? '', wayInCookie);
  return first && /^[\w-]{1,40}$/.test(first) ? first : 'sign-in';
}

/** Better Auth's path for a passkey's answer. */
export const passkeySignInPath = '/passkey/verify-authentication';

/** The first step of a sign-in waiting for its second factor (a label, never a credential). */
export const wayInCookie = 'vp.way-in';

export function rememberWayIn(reply: FastifyReply, method: string, secure: boolean): void {
  void reply.setCookie(wayInCookie, method, {
    path: flowCookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: flowSeconds,
  });
}

export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Letters, digits and _, 3 to 20 of them (usernameSchema). */
function usernameFrom(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s.-]+/g, '_')
    .replace(/\W/g, '')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20);
  return plain.length >= 3 ? plain : null;
}

/**
 * A free username for a newcomer, from what the provider said of them (a username it mapped, the
 * name, the address before the @); a number is added when it is taken.
 */
export async function usernameForNewcomer(
  db: Db,
  user: {
    name?: string | null;
    email?: string | null;
    username?: unknown;
    displayUsername?: unknown;
  },
): Promise<{ username: string; displayUsername: string; usernameChosen: false }> {
  const wanted = [user.displayUsername, user.username, user.name, user.email?.split('@')[0]]
    .map((text) => usernameFrom(typeof text === 'string' ? text : null))
    .filter((text): text is string => text !== null);
  const tries = [
    ...wanted,
    ...wanted.map((base) => `${base.slice(0, 16)}${randomInt(1000, 10_000)}`),
  ];
  for (let round = 0; round < 5; round += 1) tries.push(`member${randomInt(100_000, 1_000_000)}`);
  for (const name of tries) {
    if (!(await repo.usernameTaken(db, name))) {
      return { username: name.toLowerCase(), displayUsername: name, usernameChosen: false };
    }
  }
  throw new AppError('internal', 'No free username was found');
}
