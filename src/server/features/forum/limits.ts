import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../../shared/errors.js';
import { can } from '../../../shared/permissions.js';
import type { Viewer } from '../../core/viewer.js';

/**
 * Write limits per user (issue 4, item 8). Accounts younger than a day get the stricter
 * budgets; moderators and above are trusted and not limited. Counters live in Redis when it is
 * configured, so several server processes share one budget.
 */
export const writeLimits = {
  thread: { points: 1, duration: 30 },
  reply: { points: 10, duration: 60 },
  newAccountThread: { points: 1, duration: 5 * 60 },
  newAccountReply: { points: 3, duration: 60 },
  preview: { points: 30, duration: 60 },
} as const;

type LimitName = keyof typeof writeLimits;

export const newAccountAgeMs = 24 * 60 * 60 * 1000;

export function tooFast(retryAfterMs: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 120
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError('resource-exhausted', `You are ${what} too fast. Try again in ${wait}.`, {
    retryAfterSeconds: seconds,
  });
}

export interface ForumLimiter {
  /**
   * Counts one write of `kind` for the viewer and runs it; a write that fails gives its point
   * back, so a refused reply (locked thread, bad input) does not cost the writer their turn.
   */
  write<T>(viewer: Viewer, kind: 'thread' | 'reply', run: () => Promise<T>): Promise<T>;
  preview(viewer: Viewer): Promise<void>;
}

export function createForumLimiter(options: {
  redis: Redis | undefined;
  namespace: string;
}): ForumLimiter {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, limit] of Object.entries(writeLimits) as [
    LimitName,
    (typeof writeLimits)[LimitName],
  ][]) {
    const keyPrefix = `vp-limit:${options.namespace}forum-${name}`;
    limiters.set(
      name,
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, ...limit })
        : new RateLimiterMemory({ keyPrefix, ...limit }),
    );
  }
  const limiter = (name: LimitName) => limiters.get(name) as RateLimiterAbstract;

  async function consume(name: LimitName, key: string, what: string) {
    try {
      await limiter(name).consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooFast(rejection.msBeforeNext, what);
      throw rejection;
    }
  }

  return {
    async write(viewer, kind, run) {
      if (can(viewer.role, 'content.moderate')) return run();
      const young = Date.now() - viewer.createdAt.getTime() < newAccountAgeMs;
      const name: LimitName =
        kind === 'thread'
          ? young
            ? 'newAccountThread'
            : 'thread'
          : young
            ? 'newAccountReply'
            : 'reply';
      await consume(name, viewer.id, kind === 'thread' ? 'starting threads' : 'replying');
      try {
        return await run();
      } catch (error) {
        await limiter(name).reward(viewer.id, 1);
        throw error;
      }
    },
    preview: (viewer) => consume('preview', viewer.id, 'previewing'),
  };
}
