import type { Redis } from 'ioredis';

/**
 * Options for @fastify/rate-limit: counters in process by default, in Redis when REDIS_URL is
 * set so every server process counts against the same limit.
 */
export interface RateLimitStore {
  redis?: Redis;
  nameSpace?: string;
}

export function rateLimitStore(redis: Redis | undefined): RateLimitStore {
  return redis ? { redis, nameSpace: 'viewpoint-rl:' } : {};
}
