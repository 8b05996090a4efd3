import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Fan-out between server processes: realtime events and cache invalidation. In process by
 * default; Redis pub/sub when REDIS_URL is set, so several processes behave as one site.
 */
export type BusHandler = (message: unknown) => void;

export interface Bus {
  kind: 'memory' | 'redis';
  /** The Redis command connection, shared with the rate limiter; absent in memory mode. */
  redis?: Redis;
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    publish(channel, message) {
      // Delivered asynchronously, as Redis would, so callers never depend on re-entrancy.
      queueMicrotask(() => emitter.emit(channel, structuredClone(message)));
      return Promise.resolve();
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return Promise.resolve(() => {
        emitter.off(channel, handler);
        return Promise.resolve();
      });
    },
    ping: () => Promise.resolve(),
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

export async function createRedisBus(url: string): Promise<Bus> {
  // Loaded only where Redis is configured (decision 031: a process loads what it uses).
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // Connection errors surface through ping() (readiness) and failed publishes, not as crashes.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, Set<BusHandler>>();
  subscriber.on('message', (channel: string, raw: string) => {
    const message: unknown = JSON.parse(raw);
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    kind: 'redis',
    redis: publisher,
    async publish(channel, message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await subscriber.subscribe(channel);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          // With Redis out of reach the subscription ends with its connection anyway.
          await subscriber.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async ping() {
      await publisher.ping();
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
