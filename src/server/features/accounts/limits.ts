import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../../shared/errors.js';

/**
 * The accounts feature's rate limits (issue 3). Counters live in process by default and in
 * Redis when REDIS_URL is set, so several server processes count against one limit. Keys are
 * Fastify's `request.ip` (trustProxy decides whether X-Forwarded-For is believed) and
 * normalised email addresses, never a header the client controls.
 */
export const accountLimits = {
  /** Failed sign-ins per account. */
  signInAccount: { points: 5, duration: 15 * 60 },
  /** Failed sign-ins per client address. */
  signInIp: { points: 20, duration: 15 * 60 },
  signUpIp: { points: 5, duration: 60 * 60 },
  /** Verification, reset and magic-link mails, each kind counted per address. */
  mailAddress: { points: 3, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof accountLimits;

export interface AccountLimiter {
  /** Counts one event; throws resource-exhausted once the limit is used up. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Throws resource-exhausted if the limit is used up, without counting. */
  check(name: LimitName, key: string): Promise<void>;
  /** Counts one failure without throwing (sign-in failures). */
  penalise(name: LimitName, key: string): Promise<void>;
  reset(name: LimitName, key: string): Promise<void>;
}

export function rateLimited(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'resource-exhausted',
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds },
  );
}

export function createAccountLimiter(options: {
  redis: Redis | undefined;
  namespace: string;
}): AccountLimiter {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, limit] of Object.entries(accountLimits) as [
    LimitName,
    (typeof accountLimits)[LimitName],
  ][]) {
    const keyPrefix = `vp-limit:${options.namespace}${name}`;
    limiters.set(
      name,
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, ...limit })
        : new RateLimiterMemory({ keyPrefix, ...limit }),
    );
  }
  const limiter = (name: LimitName) => limiters.get(name) as RateLimiterAbstract;

  return {
    async consume(name, key) {
      try {
        await limiter(name).consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
        throw rejection;
      }
    },
    async check(name, key) {
      const state = await limiter(name).get(key);
      if (state && state.consumedPoints >= accountLimits[name].points) {
        throw rateLimited(state.msBeforeNext);
      }
    },
    async penalise(name, key) {
      await limiter(name).penalty(key);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
  };
}
