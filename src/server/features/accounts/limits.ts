import { AppError } from '../../../shared/errors.js';
import type { Counter, Limiter } from '../../core/limiter.js';
import { memberLimit, perMinute, type RouteLimit } from '../../core/route-limits.js';
import { deviceOf } from './sign-in/device-cookie.js';

/**
 * The accounts feature's limits. Route limits (declared on each route) count requests per client
 * address, and per account where someone is signed in. The counters below count what a route
 * limit cannot see: failed sign-ins and mails sent to one address. Keys are Fastify's
 * `request.ip` (TRUST_PROXY decides whether X-Forwarded-For is believed) and normalised email
 * addresses, never a header the client controls.
 */
const byAddress = (name: string, doing: string, points: number): RouteLimit => ({
  name,
  doing,
  ip: perMinute(points),
});

export const authLimits = {
  'sign-up': byAddress('sign-up', 'signing up', 10),
  // Every sign-in hashes a password: a flood of them is costly even when they succeed. A
  // browser that signed in before (its device cookie, decision 039) is counted apart, so a
  // flood from strangers behind its address never stops it either.
  'sign-in': {
    ...byAddress('sign-in', 'signing in', 60),
    trusted: {
      clientOf: (request) => {
        const device = deviceOf(request);
        return device && `${device.userId}:${device.nonce}`;
      },
      client: perMinute(20),
      ip: perMinute(60),
    },
  },
  'sign-out': byAddress('sign-out', 'signing out', 60),
  'verify-email': byAddress('verify-email', 'verifying emails', 20),
  'verify-email/resend': byAddress('resend-verification', 'asking for links', 10),
  'password-reset/request': byAddress('password-reset-request', 'asking for links', 10),
  'password-reset': byAddress('password-reset', 'resetting passwords', 20),
  'magic-link': byAddress('magic-link', 'asking for links', 10),
  'magic-link/verify': byAddress('magic-link-verify', 'following links', 20),
  'second-factor': byAddress('second-factor', 'entering codes', 20),
  provider: byAddress('provider-sign-in', 'signing in', 30),
  passkey: byAddress('passkey-sign-in', 'signing in', 30),
} satisfies Record<string, RouteLimit>;

export const accountLimits = {
  account: memberLimit('account', 'changing your account', perMinute(20)),
  password: memberLimit('password', 'changing your password', perMinute(10)),
  email: memberLimit('email', 'changing your email', perMinute(10)),
  remove: memberLimit('account-delete', 'deleting your account', perMinute(5)),
  secondFactor: memberLimit('second-factor', 'changing your second factor', perMinute(10)),
  identities: memberLimit('identities', 'linking accounts', perMinute(10)),
  passkeys: memberLimit('passkeys', 'changing your passkeys', perMinute(10)),
};

export function tooManyAttempts(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 120
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError('resource-exhausted', `Too many attempts. Try again in ${wait}.`, {
    retryAfterSeconds: seconds,
  });
}

const fifteenMinutes = 15 * 60;

/**
 * Sign-in failures are counted so that strangers never lock the owner out. A browser that
 * signed in to the account before (its device cookie, decision 039) is counted on its own: 5
 * failures stop that browser for 15 minutes, and none of the counters below see it. Without
 * one:
 * - per account and address pair: 5 failures stop that address guessing that account;
 * - per address: 20 failures stop that address guessing any account;
 * - per account, from every address: after 5 failures, attempts on the account are spaced out
 *   (2 s, 4 s, … up to 30 s between them), which slows a spread-out guesser to a crawl but never
 *   refuses the owner for long — and not at all from an address they signed in from before.
 * An emailed sign-in link never looks at these counters.
 */
export const signInRules = {
  device: { points: 5, seconds: fifteenMinutes },
  pair: { points: 5, seconds: fifteenMinutes },
  address: { points: 20, seconds: fifteenMinutes },
  /** Failures on one account before its attempts are spaced out. */
  freeAccountFailures: 5,
  maxSpacingSeconds: 30,
  /** How long an address the owner signed in from stays trusted for their account (a timer of
   * the in-process store holds at most 24.8 days). */
  knownAddressSeconds: 14 * 24 * 60 * 60,
} as const;

export function spacingSeconds(failures: number): number {
  const beyond = failures - signInRules.freeAccountFailures;
  return beyond < 0 ? 0 : Math.min(2 ** (beyond + 1), signInRules.maxSpacingSeconds);
}

export interface AccountCounters {
  /** Failures of a browser with a device cookie for the account, per cookie. */
  signInDevice: Counter;
  signInPair: Counter;
  signInAddress: Counter;
  signInAccount: Counter;
  /** One attempt per spacing window on an account with many failures. */
  signInSpacing: Counter;
  /** Account and address pairs that signed in successfully. */
  knownAddress: Counter;
  signUpAddress: Counter;
  /** Verification, reset, magic-link and email-change mails, each kind counted per address. */
  mailAddress: Counter;
}

/** New accounts one client address may ask for: the sign-up route's own limit is per minute. */
export const signUpPerAddress = { points: 5, seconds: 60 * 60 };

export function accountCounters(limiter: Limiter): AccountCounters {
  const counter = (name: string, points: number, seconds: number) =>
    limiter.counter(`accounts-${name}`, { points, seconds }, tooManyAttempts);
  return {
    signInDevice: counter('sign-in-device', signInRules.device.points, signInRules.device.seconds),
    signInPair: counter('sign-in-pair', signInRules.pair.points, signInRules.pair.seconds),
    signInAddress: counter(
      'sign-in-address',
      signInRules.address.points,
      signInRules.address.seconds,
    ),
    // Counted, never refused: it only decides the spacing.
    signInAccount: counter('sign-in-account', 1_000_000_000, fifteenMinutes),
    signInSpacing: counter('sign-in-spacing', 1, signInRules.maxSpacingSeconds),
    knownAddress: counter('known-address', 1_000_000_000, signInRules.knownAddressSeconds),
    signUpAddress: counter('sign-up-address', signUpPerAddress.points, signUpPerAddress.seconds),
    mailAddress: counter('mail-address', 3, 60 * 60),
  };
}
