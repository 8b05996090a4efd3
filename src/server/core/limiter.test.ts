import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiter, tooFast } from './limiter.js';

const redisUrl = process.env.REDIS_URL;
const refuse = (ms: number) => tooFast(ms, 'testing');
const budget = { points: 3, seconds: 60 };

describe('the limiter', () => {
  it('refuses the event over the budget with when to retry, and gives a point back', async () => {
    const counter = createLimiter({ redis: undefined, namespace: '' }).counter('t', budget, refuse);
    for (let n = 0; n < 3; n += 1) await counter.consume('key');
    await counter.reward('key');
    await expect(counter.consume('key')).resolves.toBeUndefined();
    await expect(counter.consume('key')).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: expect.stringMatching(/^You are testing too fast\. Try again in \d+ seconds?\.$/),
      details: { retryAfterSeconds: 60 },
    });
    await expect(counter.consume('other key')).resolves.toBeUndefined();
  });

  describe.skipIf(!redisUrl)('with Redis', () => {
    const clients: Redis[] = [];
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.quit()));
    });

    it('counts every process against one budget', async () => {
      const namespace = `${randomBytes(6).toString('hex')}:`;
      const processes = [0, 1].map(() => {
        const redis = new Redis(redisUrl ?? '');
        clients.push(redis);
        return createLimiter({ redis, namespace }).counter('shared', budget, refuse);
      });
      await processes[0]?.consume('member');
      await processes[1]?.consume('member');
      await processes[0]?.consume('member');
      await expect(processes[1]?.consume('member')).rejects.toMatchObject({
        code: 'resource-exhausted',
      });
    });
  });
});
