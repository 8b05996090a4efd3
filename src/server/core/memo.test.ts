import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchedBus } from '../test/watched-bus.js';
import { createMemo } from './memo.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a value kept in memory until it changes', () => {
  it('reads once, and again in every process after a change in one of them', async () => {
    const bus = watchedBus();
    let stored = 'Viewpoint';
    const readHere = vi.fn(() => Promise.resolve(stored));
    const readThere = vi.fn(() => Promise.resolve(stored));
    const here = createMemo({ bus, channel: 'site', read: readHere });
    const there = createMemo({ bus, channel: 'site', read: readThere });
    await Promise.all([here.listening, there.listening]);
    expect(await here.get()).toBe('Viewpoint');
    expect(await here.get()).toBe('Viewpoint');
    expect(await there.get()).toBe('Viewpoint');
    expect(readHere).toHaveBeenCalledTimes(1);
    expect(readThere).toHaveBeenCalledTimes(1);

    stored = 'Cinephiles';
    const delivered = bus.nextDelivery();
    await here.forget();
    await delivered;
    expect(await here.get()).toBe('Cinephiles');
    expect(await there.get()).toBe('Cinephiles');
    expect(readThere).toHaveBeenCalledTimes(2);
    await Promise.all([here.close(), there.close()]);
  });

  it('keeps no failed read, and reads again after its longest age', async () => {
    // The memo dates what it keeps with Date.now().
    vi.useFakeTimers({ toFake: ['Date'] });
    const read = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database restarting'))
      .mockResolvedValue(7);
    const memo = createMemo({ bus: watchedBus(), channel: 'count', read, maxAgeMs: 20 });
    await memo.listening;
    await expect(memo.get()).rejects.toThrow('database restarting');
    expect(await memo.get()).toBe(7);
    vi.advanceTimersByTime(19);
    expect(await memo.get()).toBe(7);
    expect(read).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    await memo.get();
    expect(read).toHaveBeenCalledTimes(3);
    await memo.close();
  });
});
