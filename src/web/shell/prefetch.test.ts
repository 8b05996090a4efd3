import { describe, expect, it, vi } from 'vitest';
import {
  createPrefetcher,
  isConstrainedConnection,
  PREFETCH_LIMIT,
  type ConnectionInfo,
} from './prefetch';

/** A load that stays in flight until the test settles it. */
function pendingLoad() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: vi.fn(() => promise), resolve, reject, promise };
}

describe('prefetcher', () => {
  it('allows at most 4 loads in flight and drops the rest', async () => {
    expect(PREFETCH_LIMIT).toBe(4);
    const prefetcher = createPrefetcher({ getConnection: () => undefined });
    const loads = Array.from({ length: 6 }, () => pendingLoad());

    const outcomes = loads.map((item, index) => prefetcher.prefetch(`/page-${index}`, item.load));

    expect(outcomes).toEqual(['started', 'started', 'started', 'started', 'dropped', 'dropped']);
    expect(loads.filter((item) => item.load.mock.calls.length > 0)).toHaveLength(4);
    expect(prefetcher.inFlightCount()).toBe(4);

    // When one finishes, a slot frees up and a dropped page can be prefetched on the next hover.
    loads[0]?.resolve();
    await loads[0]?.promise;
    await Promise.resolve();
    expect(prefetcher.inFlightCount()).toBe(3);
    const retry = loads[4];
    expect(retry && prefetcher.prefetch('/page-4', retry.load)).toBe('started');
  });

  it('loads each module once', async () => {
    const prefetcher = createPrefetcher({ getConnection: () => undefined });
    const item = pendingLoad();

    expect(prefetcher.prefetch('/about', item.load)).toBe('started');
    expect(prefetcher.prefetch('/about', item.load)).toBe('in-flight');
    item.resolve();
    await item.promise;
    await Promise.resolve();
    expect(prefetcher.prefetch('/about', item.load)).toBe('already-done');
    expect(item.load).toHaveBeenCalledOnce();
  });

  it('lets a failed load be tried again', async () => {
    const prefetcher = createPrefetcher({ getConnection: () => undefined });
    const failing = pendingLoad();
    prefetcher.prefetch('/about', failing.load);
    failing.reject(new Error('offline'));
    await failing.promise.catch(() => {});
    await Promise.resolve();

    expect(prefetcher.prefetch('/about', pendingLoad().load)).toBe('started');
  });

  it.each<[ConnectionInfo, string]>([
    [{ saveData: true }, 'save-data'],
    [{ effectiveType: 'slow-2g' }, 'slow-2g'],
    [{ effectiveType: '2g' }, '2g'],
  ])('skips prefetching on a constrained connection (%o: %s)', (connection) => {
    const prefetcher = createPrefetcher({ getConnection: () => connection });
    const item = pendingLoad();

    expect(prefetcher.prefetch('/about', item.load)).toBe('skipped');
    expect(item.load).not.toHaveBeenCalled();
  });
});

describe('isConstrainedConnection', () => {
  it('treats unknown, 3g and 4g connections as fine', () => {
    expect(isConstrainedConnection(undefined)).toBe(false);
    expect(isConstrainedConnection({ effectiveType: '3g' })).toBe(false);
    expect(isConstrainedConnection({ effectiveType: '4g', saveData: false })).toBe(false);
  });
});
