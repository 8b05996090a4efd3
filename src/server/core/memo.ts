import { randomUUID } from 'node:crypto';
import type { Bus } from '../platform/bus/bus.js';

/**
 * A small value every page reads (the site's name, the category list), kept in memory and read
 * again only after it changed: `forget()` after a committed write drops it here and, through
 * the bus, in every other process. `maxAgeMs` bounds how long a missed message could leave a
 * process behind.
 */
export interface Memo<T> {
  get(): Promise<T>;
  /** After a committed change: every process reads afresh on its next `get`. */
  forget(): Promise<void>;
  close(): Promise<void>;
}

export function createMemo<T>(options: {
  bus: Bus;
  channel: string;
  read: () => Promise<T>;
  maxAgeMs?: number;
}): Memo<T> {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  let kept: { value: Promise<T>; until: number } | undefined;
  const drop = () => {
    kept = undefined;
  };
  // Its own message comes back after readers may have read afresh: ignored.
  const instance = randomUUID();
  // Until the subscription is in place the value is read every time (see `get`).
  let listening = false;
  const subscribed = options.bus
    .subscribe(options.channel, (message) => {
      if ((message as { from?: unknown } | null)?.from !== instance) drop();
    })
    .then((unsubscribe) => {
      listening = true;
      return unsubscribe;
    });
  return {
    get() {
      if (kept && kept.until > Date.now()) return kept.value;
      const value = options.read();
      if (!listening) return value;
      const entry = { value, until: Date.now() + maxAgeMs };
      kept = entry;
      // A failed read is not kept: the next reader tries again.
      value.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return value;
    },
    async forget() {
      drop();
      await options.bus.publish(options.channel, { from: instance });
    },
    async close() {
      await (
        await subscribed
      )();
    },
  };
}
