/**
 * Lookups in the app's caches, hit or missed, counted since the process started (for
 * /metrics): the visitors' page cache, the forum's kept answers, the session checks.
 */
export interface CacheCounts {
  /** The counter of one cache: call it on each lookup with whether it was found. */
  counter(cache: string): (hit: boolean) => void;
  read(): { cache: string; hits: number; misses: number }[];
}

export function createCacheCounts(): CacheCounts {
  const counts = new Map<string, { hits: number; misses: number }>();
  return {
    counter(cache) {
      const count = { hits: 0, misses: 0 };
      counts.set(cache, count);
      return (hit) => {
        if (hit) count.hits += 1;
        else count.misses += 1;
      };
    },
    read: () => [...counts].map(([cache, count]) => ({ cache, ...count })),
  };
}
