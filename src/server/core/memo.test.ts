import { describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../platform/bus/bus.js';
import { createMemo } from './memo.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a value kept in memory until it changes', () => {
  it('reads once, and again in every process after a change in one of them', async () => {
    const bus = createMemoryBus();
    let stored = 'Viewpoint';
    const readHere = vi.fn(() => Promise.resolve(stored));
    const readThere = vi.fn(() => Promise.resolve(stored));
    const here = createMemo({ bus, channel: 'site', read: readHere });
    const there = createMemo({ bus, channel: 'site', read: readThere });
    await settle(); // subscribed
    expect(await here.get()).toBe('Viewpoint');
    expect(await here.get()).toBe('Viewpoint');
    expect(await there.get()).toBe('Viewpoint');
    expect(readHere).toHaveBeenCalledTimes(1);
    expect(readThere).toHaveBeenCalledTimes(1);

    stored = 'Cinephiles';
    await here.forget();
    await settle(); // the message reached the other one
    expect(await here.get()).toBe('Cinephiles');
    expect(await there.get()).toBe('Cinephiles');
    expect(readThere).toHaveBeenCalledTimes(2);
    await Promise.all([here.close(), there.close()]);
  });

  it('keeps no failed read, and reads again after its longest age', async () => {
    const bus = createMemoryBus();
    const read = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database restarting'))
      .mockResolvedValue(7);
    const memo = createMemo({ bus, channel: 'count', read, maxAgeMs: 20 });
    await settle();
    await expect(memo.get()).rejects.toThrow('database restarting');
    expect(await memo.get()).toBe(7);
    expect(await memo.get()).toBe(7);
    expect(read).toHaveBeenCalledTimes(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await memo.get();
    expect(read).toHaveBeenCalledTimes(3);
    await memo.close();
  });
});
