import { describe, expect, it } from 'vitest';
import { whileRunning } from './while-running';

describe('whileRunning', () => {
  it('calls back once the last of the calls running side by side has settled, failed or not', async () => {
    let idle = 0;
    const run = whileRunning(() => (idle += 1));
    let release = () => undefined as void;
    const slow = run(() => new Promise<string>((resolve) => (release = () => resolve('slow'))));
    await expect(run(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(run(() => Promise.resolve('quick'))).resolves.toBe('quick');
    expect(idle).toBe(0);
    release();
    await expect(slow).resolves.toBe('slow');
    expect(idle).toBe(1);
    await run(() => Promise.resolve());
    expect(idle).toBe(2);
  });
});
