/**
 * Generated documents (and the page ranges behind them) kept in memory for `ttlMs`, so a
 * crawler walking every sitemap costs the database one pass per few minutes. Documents count
 * against `maxBytes`; the oldest go first when it is full. A failed read is not kept.
 */
export function createDocumentCache(options: { ttlMs: number; maxBytes: number }) {
  const entries = new Map<string, { until: number; value: Promise<unknown>; bytes: number }>();
  let bytes = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  function fresh(key: string) {
    const entry = entries.get(key);
    if (entry && entry.until <= Date.now()) drop(key);
    return entries.get(key);
  }

  function keep(key: string, value: Promise<unknown>, size: number) {
    if (options.ttlMs <= 0 || size > options.maxBytes) return;
    drop(key);
    for (const oldest of entries.keys()) {
      if (bytes + size <= options.maxBytes) break;
      drop(oldest);
    }
    entries.set(key, { until: Date.now() + options.ttlMs, value, bytes: size });
    bytes += size;
  }

  const sizeOf = (value: unknown) => (typeof value === 'string' ? Buffer.byteLength(value) : 0);

  return {
    /** The value kept under `key`, or `read()`'s, kept (concurrent callers share one read). */
    remember<T>(key: string, read: () => Promise<T>): Promise<T> {
      const hit = fresh(key);
      if (hit) return hit.value as Promise<T>;
      const value = read();
      keep(key, value, 0);
      value.then(
        (done) => {
          if (entries.get(key)?.value === value) keep(key, value, sizeOf(done));
        },
        () => {
          if (entries.get(key)?.value === value) drop(key);
        },
      );
      return value;
    },

    /** A document kept under `key`, if any. */
    peek(key: string): Promise<string> | undefined {
      return fresh(key)?.value as Promise<string> | undefined;
    },

    /**
     * Streams `source` out and keeps the whole document once it has all gone out. The first
     * part is read before this answers, so a failing database still gets a proper error
     * answer; a client that leaves early stops the reading and nothing is kept.
     */
    async streamed(key: string, source: AsyncGenerator<string>): Promise<AsyncGenerator<string>> {
      const first = await source.next();
      const parts: string[] = [];
      let size = 0;
      async function* rest(): AsyncGenerator<string> {
        try {
          for (let next = first; !next.done; next = await source.next()) {
            size += Buffer.byteLength(next.value);
            if (size <= options.maxBytes) parts.push(next.value);
            yield next.value;
          }
          if (size <= options.maxBytes) keep(key, Promise.resolve(parts.join('')), size);
        } finally {
          await source.return(undefined);
        }
      }
      return rest();
    },
  };
}

export type DocumentCache = ReturnType<typeof createDocumentCache>;
