import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_TIMEOUT, remainingTime, toast } from './toast-store';

function ids(): string[] {
  return toast.getToasts().map((item) => item.id);
}

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('closes a toast after the default 5000 ms', () => {
    const id = toast.show({ title: 'Saved' });
    expect(DEFAULT_TOAST_TIMEOUT).toBe(5000);

    vi.advanceTimersByTime(4999);
    expect(ids()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('honours a custom timeout', () => {
    toast.show({ title: 'Quick', timeout: 1000 });
    vi.advanceTimersByTime(1000);
    expect(ids()).toEqual([]);
  });

  it('pausing keeps the remaining time and resuming continues from it', () => {
    const id = toast.show({ title: 'Hover me', timeout: 5000 });
    vi.advanceTimersByTime(2000);

    toast.pause(id);
    vi.advanceTimersByTime(60_000);
    const paused = toast.getToasts()[0];
    expect(paused && remainingTime(paused)).toBe(3000);
    expect(ids()).toEqual([id]);

    toast.resume(id);
    vi.advanceTimersByTime(2999);
    expect(ids()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('keeps a toast with timeout 0 until it is closed', () => {
    const id = toast.show({ title: 'Sticky', timeout: 0 });
    vi.advanceTimersByTime(10 * 60_000);
    expect(ids()).toEqual([id]);

    toast.hide(id);
    expect(ids()).toEqual([]);
  });

  it('an action runs its handler and closes the toast', () => {
    const onClick = vi.fn();
    const id = toast.show({ title: 'Update', actions: [{ label: 'Reload', onClick }] });
    const action = toast.getToasts()[0]?.actions?.[0];
    if (!action) throw new Error('toast has no action');

    toast.runAction(id, action);

    expect(onClick).toHaveBeenCalledOnce();
    expect(ids()).toEqual([]);
  });

  it('the close button runs the callback and closes the toast', () => {
    const callback = vi.fn();
    const id = toast.show({ title: 'Hi', callback });

    toast.close(id);

    expect(callback).toHaveBeenCalledOnce();
    expect(ids()).toEqual([]);
  });

  it('a hidden toast does not come back when its old timer would have fired', () => {
    const first = toast.show({ title: 'One', timeout: 1000 });
    const second = toast.show({ title: 'Two', timeout: 3000 });
    toast.hide(first);
    vi.advanceTimersByTime(1000);
    expect(ids()).toEqual([second]);
  });
});
