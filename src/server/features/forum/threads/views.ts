import type { Redis } from 'ioredis';
import type { Db } from '../../../platform/db/database.js';
import { addThreadViews } from './repo.js';

/**
 * View counts, cheaply: a viewer (user id, or address when anonymous) counts once per thread
 * per hour. The dedupe is one Redis SET NX EX when Redis is configured (shared by every
 * process), an in-process map otherwise. Counted views gather in memory and reach the database
 * every couple of seconds in ONE update, so a popular thread costs no write per read; the last
 * batch is written when the app closes.
 */
export const viewWindowSeconds = 60 * 60;
const flushEveryMs = 2_000;
/** Bound on remembered (thread, viewer) pairs in process; the oldest are forgotten first. */
const maxRemembered = 100_000;

export interface ViewCounter {
  /** Counts a view unless this viewer was counted for this thread within the hour. */
  record(postId: number, viewerKey: string): Promise<void>;
  /** Views counted here and not yet written (added to the count a reader sees). */
  pending(postId: number): number;
  /** Writes every view recorded so far, including those still being checked. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createViewCounter(options: {
  db: Db;
  redis: Redis | undefined;
  namespace: string;
  onError: (error: unknown) => void;
  /** After a batch reached the database, with the threads it counted views of. */
  onWritten?: (postIds: number[]) => void;
}): ViewCounter {
  const { db, redis } = options;
  const seen = new Map<string, number>();
  let counts = new Map<number, number>();
  let flushing: Promise<void> = Promise.resolve();
  /** Views still being checked against the window (recorded after their answer was sent). */
  const checking = new Set<Promise<void>>();

  async function firstViewWithinWindow(key: string): Promise<boolean> {
    if (redis) {
      const set = await redis.set(
        `vp-view:${options.namespace}${key}`,
        '1',
        'EX',
        viewWindowSeconds,
        'NX',
      );
      return set === 'OK';
    }
    const now = Date.now();
    const until = seen.get(key);
    if (until !== undefined && until > now) return false;
    seen.delete(key);
    if (seen.size >= maxRemembered) {
      // Map iteration is insertion order: forget the oldest entries first.
      for (const old of seen.keys()) {
        seen.delete(old);
        if (seen.size < maxRemembered * 0.9) break;
      }
    }
    seen.set(key, now + viewWindowSeconds * 1000);
    return true;
  }

  async function write(batch: Map<number, number>) {
    if (batch.size === 0) return;
    const ids = [...batch.keys()];
    try {
      await addThreadViews(db, batch);
      options.onWritten?.(ids);
    } catch (error) {
      // Keep the views for the next flush rather than losing them to a passing outage.
      for (const [id, n] of batch) counts.set(id, (counts.get(id) ?? 0) + n);
      options.onError(error);
    }
  }

  function flush(): Promise<void> {
    const recorded = Promise.allSettled([...checking]);
    flushing = Promise.all([flushing, recorded]).then(() => {
      const batch = counts;
      counts = new Map();
      return write(batch);
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    record(postId, viewerKey) {
      const counting = firstViewWithinWindow(`${postId}:${viewerKey}`).then((first) => {
        if (first) counts.set(postId, (counts.get(postId) ?? 0) + 1);
      });
      checking.add(counting);
      void counting.finally(() => checking.delete(counting)).catch(() => undefined);
      return counting;
    },
    pending: (postId) => counts.get(postId) ?? 0,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
