import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../../platform/bus/bus.js';
import type { Db } from '../../platform/db/database.js';
import { watchedBus } from '../../test/watched-bus.js';
import { createForumReads } from './read-repo.js';

/* The remembered answers are bounded by their rows, and a stale one is never answered. */
const reads = (listCacheMs = 1000, clock?: { now(): number }) =>
  createForumReads({} as Db, { listCacheMs, bus: createMemoryBus(), ...(clock ? { clock } : {}) });
const kept = (forum: ReturnType<typeof reads>, keys: string[]) =>
  keys.filter((key) => forum.recall(key) !== undefined);

afterEach(() => {
  vi.useRealTimers();
});

describe('remembered answers', () => {
  it('hold at most 10,000 rows: the oldest pages of replies go first', () => {
    const forum = reads();
    const pages = Array.from({ length: 300 }, (_, n) => `comments ${n}`);
    for (const key of pages) forum.keep(key, Promise.resolve([]), 51);
    const left = kept(forum, pages);
    expect(left).toHaveLength(Math.floor(10_000 / 51));
    expect(left).toEqual(pages.slice(-left.length));
    // A thousand threads of one row each push out as many pages as their rows need.
    const threads = Array.from({ length: 1000 }, (_, n) => `post ${n}`);
    for (const key of threads) forum.keep(key, Promise.resolve({}), 1);
    expect(kept(forum, threads)).toHaveLength(1000);
    expect(kept(forum, pages).length * 51 + 1000).toBeLessThanOrEqual(10_000);
  });

  it('answer only while fresh, and forget a failed read', async () => {
    // The answers age by the clock given, read from the faked Date; lru-cache also holds a
    // reading of it for a millisecond, on a timer, so the timers are faked with it.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const forum = reads(50, { now: () => Date.now() });
    forum.keep('fresh', Promise.resolve(1), 1);
    const failed = Promise.reject(new Error('no database'));
    forum.keep('failed', failed, 1);
    await failed.catch(() => undefined);
    expect(forum.recall('failed')).toBeUndefined();
    expect(await forum.recall('fresh')).toBe(1);
    vi.advanceTimersByTime(50);
    expect(forum.recall('fresh')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(forum.recall('fresh')).toBeUndefined();
  });

  it("are forgotten in every process after one process's write", async () => {
    const bus = watchedBus();
    const here = createForumReads({} as Db, { listCacheMs: 60_000, bus });
    const there = createForumReads({} as Db, { listCacheMs: 60_000, bus });
    const other = createForumReads({} as Db, { listCacheMs: 60_000, bus: createMemoryBus() });
    await Promise.all([here.listening, there.listening, other.listening]);
    for (const forum of [here, there, other]) forum.keep('post 1', Promise.resolve({}), 1);
    let delivered = bus.nextDelivery();
    await here.forgetLists();
    expect(here.recall('post 1')).toBeUndefined();
    await delivered;
    expect(there.recall('post 1')).toBeUndefined();
    // A process on another bus (another site) keeps its own.
    expect(other.recall('post 1')).toBeDefined();
    // Its own message, arriving late, does not forget what was read afresh meanwhile.
    here.keep('post 2', Promise.resolve({}), 1);
    delivered = bus.nextDelivery();
    await here.forgetLists();
    here.keep('post 3', Promise.resolve({}), 1);
    await delivered;
    expect(here.recall('post 3')).toBeDefined();
    expect(there.recall('post 3')).toBeUndefined();
    await Promise.all([here.close(), there.close(), other.close()]);
  });
});
