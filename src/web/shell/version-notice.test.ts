import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast-store';
import { VERSION_POLL_MS, watchForNewVersion } from './version-notice';

async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

describe('new-version notice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('polls every 60 s and shows one sticky toast with Reload once the build changes', async () => {
    const fetchLatest = vi.fn<() => Promise<string | null>>().mockResolvedValue('build-1');
    const stop = watchForNewVersion('build-1', fetchLatest);

    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(toast.getToasts()).toEqual([]);

    fetchLatest.mockResolvedValue('build-2');
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    const shown = toast.getToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'A new version is available', timeout: 0 });
    expect(shown[0]?.actions?.map((action) => action.label)).toEqual(['Reload']);

    // Once told, the watch stops: no second toast.
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS * 3);
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(toast.getToasts()).toHaveLength(1);
    stop();
  });

  it('checks when the window regains focus', async () => {
    const fetchLatest = vi.fn<() => Promise<string | null>>().mockResolvedValue('build-2');
    const stop = watchForNewVersion('build-1', fetchLatest);

    window.dispatchEvent(new Event('focus'));
    await flush();

    expect(fetchLatest).toHaveBeenCalledOnce();
    expect(toast.getToasts()).toHaveLength(1);
    stop();
  });

  it('ignores failed checks', async () => {
    const fetchLatest = vi.fn<() => Promise<string | null>>().mockResolvedValue(null);
    const stop = watchForNewVersion('build-1', fetchLatest);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(toast.getToasts()).toEqual([]);
    stop();
  });
});
