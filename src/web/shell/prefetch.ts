/** At most this many route modules are being fetched by prefetching at any moment (SPEC §9). */
export const PREFETCH_LIMIT = 4;

/** The parts of the Network Information API we read (not in TypeScript's DOM types). */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export type PrefetchOutcome = 'started' | 'already-done' | 'in-flight' | 'skipped' | 'dropped';

/** Save-data or a 2G-class connection: fetching code the visitor may never use costs them. */
export function isConstrainedConnection(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === 'slow-2g' ||
    connection.effectiveType === '2g'
  );
}

function browserConnection(): ConnectionInfo | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

export interface PrefetcherOptions {
  limit?: number;
  getConnection?: () => ConnectionInfo | undefined;
}

/**
 * Loads route modules ahead of navigation, each once. When `limit` loads are already in flight
 * a further request is dropped, not queued: hover intent goes stale fast, a queued load would
 * compete with the navigation that follows, and hovering the link again retries it.
 */
export function createPrefetcher({
  limit = PREFETCH_LIMIT,
  getConnection = browserConnection,
}: PrefetcherOptions = {}) {
  const done = new Set<string>();
  const inFlight = new Set<string>();

  function prefetch(key: string, load: () => Promise<unknown>): PrefetchOutcome {
    if (done.has(key)) return 'already-done';
    if (inFlight.has(key)) return 'in-flight';
    if (isConstrainedConnection(getConnection())) return 'skipped';
    if (inFlight.size >= limit) return 'dropped';

    inFlight.add(key);
    void load().then(
      () => {
        inFlight.delete(key);
        done.add(key);
      },
      () => {
        // Not marked done: the navigation itself will retry and report the failure.
        inFlight.delete(key);
      },
    );
    return 'started';
  }

  return { prefetch, inFlightCount: () => inFlight.size };
}

export type Prefetcher = ReturnType<typeof createPrefetcher>;
