import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../shared/errors.js';

/** So many events per so many seconds. */
export interface Budget {
  points: number;
  seconds: number;
}

/** The refusal of an event over its budget: what the member is doing too fast, and when to retry. */
export function tooFast(retryAfterMs: number, doing: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 120
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError('resource-exhausted', `You are ${doing} too fast. Try again in ${wait}.`, {
    retryAfterSeconds: seconds,
  });
}

/** One budget's counters, one per key (an account id, a client address, an email address). */
export interface Counter {
  readonly budget: Budget;
  /**
   * Counts one event; throws resource-exhausted (via `refuse`) once the budget is spent.
   * `seconds` sets this key's window when it opens, instead of the budget's.
   */
  consume(key: string, seconds?: number): Promise<void>;
  /** Throws like `consume` when the budget is spent, without counting. */
  check(key: string): Promise<void>;
  /** Counts one event without throwing (a failed sign-in); answers how many were counted. */
  penalise(key: string): Promise<number>;
  /** Gives one event back (a write that was refused for another reason). */
  reward(key: string): Promise<void>;
  /** Events counted for `key` in the current window, and how long until it ends. */
  state(key: string): Promise<{ used: number; msBeforeNext: number }>;
  reset(key: string): Promise<void>;
}

export interface Limiter {
  /**
   * The counters of the budget called `name` (a name is one budget: asking again gives the
   * same counters). `refuse` words the refusal; by default "You are {doing} too fast".
   */
  counter(name: string, budget: Budget, refuse: (retryAfterMs: number) => AppError): Counter;
}

/**
 * The one way the server counts events against a budget: in process by default, in Redis when
 * REDIS_URL is set so that every server process counts against the same budget, and in process
 * again while Redis cannot be reached. `namespace` keeps test apps sharing one Redis apart.
 */
export function createLimiter(options: { redis: Redis | undefined; namespace: string }): Limiter {
  const counters = new Map<string, Counter>();

  function build(name: string, budget: Budget, refuse: (ms: number) => AppError): Counter {
    const settings = {
      keyPrefix: `vp-limit:${options.namespace}${name}`,
      points: budget.points,
      duration: budget.seconds,
    };
    // With Redis out of reach, each process counts on its own (the insurance limiter) until
    // it is back: limits hold per process instead of refusing every write (decision 040). The
    // bus's connection queues nothing while it is down, so a command fails over at once.
    const store: RateLimiterAbstract = options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          insuranceLimiter: new RateLimiterMemory(settings),
          ...settings,
        })
      : new RateLimiterMemory(settings);
    return {
      budget,
      async consume(key, seconds) {
        try {
          await store.consume(key, 1, seconds === undefined ? {} : { customDuration: seconds });
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) throw refuse(rejection.msBeforeNext);
          throw rejection;
        }
      },
      async check(key) {
        const state = await store.get(key);
        if (state && state.consumedPoints >= budget.points) throw refuse(state.msBeforeNext);
      },
      async penalise(key) {
        return (await store.penalty(key)).consumedPoints;
      },
      async reward(key) {
        await store.reward(key, 1);
      },
      async state(key) {
        const state = await store.get(key);
        return { used: state?.consumedPoints ?? 0, msBeforeNext: state?.msBeforeNext ?? 0 };
      },
      async reset(key) {
        await store.delete(key);
      },
    };
  }

  return {
    counter(name, budget, refuse) {
      const known = counters.get(name);
      if (known) return known;
      const counter = build(name, budget, refuse);
      counters.set(name, counter);
      return counter;
    },
  };
}
