import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryBus, createRedisBus, type Bus } from './bus.js';

const kinds: [string, () => Promise<Bus>][] = [
  ['memory', () => Promise.resolve(createMemoryBus())],
];
if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  kinds.push(['redis', () => createRedisBus(url)]);
}

describe.each(kinds)('the %s bus', (_kind, create) => {
  it('delivers a published message to every subscriber, across instances', async () => {
    const publisher = await create();
    const subscriber = await create();
    const channel = `test:${randomUUID()}`;
    const received: unknown[] = [];
    const arrived = new Promise<void>((resolve) => {
      void subscriber.subscribe(channel, (message) => {
        received.push(message);
        resolve();
      });
    });
    // The memory bus is per process: a second instance only shares messages through Redis.
    const target = publisher.kind === 'memory' ? subscriber : publisher;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await target.publish(channel, { postId: 7, action: 'hidden' });
    await arrived;
    expect(received).toEqual([{ postId: 7, action: 'hidden' }]);
    await Promise.all([publisher.close(), subscriber.close()]);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = await create();
    const channel = `test:${randomUUID()}`;
    const received: unknown[] = [];
    const unsubscribe = await bus.subscribe(channel, (message) => received.push(message));
    await unsubscribe();
    await bus.publish(channel, 'late');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    await bus.close();
  });
});
