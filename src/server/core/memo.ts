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
  /** Settles once the other processes' changes are heard: from then on a read is kept. */
  listening: Promise<void>;
  close(): Promise<void>;
}

/** What `forgetEverywhere` answers: the forgetting, and the end of listening. */
export interface Forgetting {
  /** Drops it here at once, then tells every other process on the bus to drop theirs. */
  forget(): Promise<void>;
  /** Settles once the other processes' messages are heard. */
  listening: Promise<void>;
  close(): Promise<void>;
}

/**
 * Something each process remembers, forgotten in all of them: `drop` runs here on `forget()`
 * and in every other process when its message arrives. A process's own message comes back
 * after its readers may have read afresh, and is ignored.
 */
export function forgetEverywhere(bus: Bus, channel: string, drop: () => void): Forgetting {
  const instance = randomUUID();
  const subscribed = bus.subscribe(channel, (message) => {
    if ((message as { from?: unknown } | null)?.from !== instance) drop();
  });
  return {
    forget() {
      drop();
      return bus.publish(channel, { from: instance });
    },
    listening: subscribed.then(() => undefined),
    async close() {
      await (
        await subscribed
      )();
    },
  };
}

export function createMemo<T>(options: {
  bus: Bus;
  channel: string;
  read: () => Promise<T>;
  maxAgeMs?: number;
  /**
   * The other processes could not be told (Redis out of reach): the change is made and kept
   * here, and they read afresh within `maxAgeMs` anyway, so this is reported, never thrown.
   */
  onUnsent?: (error: unknown) => void;
}): Memo<T> {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  let kept: { value: Promise<T>; until: number } | undefined;
  const drop = () => {
    kept = undefined;
  };
  const everywhere = forgetEverywhere(options.bus, options.channel, drop);
  // Until the subscription is in place the value is read every time (see `get`).
  let listening = false;
  const heard = everywhere.listening.then(() => {
    listening = true;
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
    forget: () => everywhere.forget().catch(options.onUnsent ?? (() => undefined)),
    listening: heard,
    close: () => everywhere.close(),
  };
}
