/**
 * Counts the calls it runs; when the last one running settles, `whenIdle` runs. The server
 * uses it to switch AsyncLocalStorage off between the calls that need one (its render's, Better
 * Auth's): on Node 20 an enabled storage keeps promise hooks on for every promise of the
 * process, which cost a thread read an eighth of its throughput (decision 031).
 */
/** Whether an AsyncLocalStorage is enabled: Node's own flag on it, read by the tests. */
export const storageEnabled = (storage: object): boolean =>
  (storage as { enabled?: unknown }).enabled === true;

export function whileRunning(whenIdle: () => void): <T>(call: () => Promise<T>) => Promise<T> {
  let running = 0;
  return async (call) => {
    running += 1;
    try {
      return await call();
    } finally {
      running -= 1;
      if (running === 0) whenIdle();
    }
  };
}
