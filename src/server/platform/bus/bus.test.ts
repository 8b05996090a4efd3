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
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    // Subscribing resolves once the subscription is in place (in Redis too).
    await subscriber.subscribe(channel, (message) => {
      received.push(message);
      arrive();
    });
    // The memory bus is per process: a second instance only shares messages through Redis.
    const target = publisher.kind === 'memory' ? subscriber : publisher;
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
    // Messages arrive in the order they were published: once a later one on another channel
    // has arrived, the earlier one would have too.
    const marker = `test:${randomUUID()}`;
    let markerArrive = () => {};
    const markerArrived = new Promise<void>((resolve) => (markerArrive = resolve));
    await bus.subscribe(marker, () => markerArrive());
    await bus.publish(channel, 'late');
    await bus.publish(marker, 'after');
    await markerArrived;
    expect(received).toEqual([]);
    await bus.close();
  });
});
