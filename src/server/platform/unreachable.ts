/**
 * Whether an error means a service the server depends on (PostgreSQL, Redis) cannot be reached
 * just now, as opposed to a query or command that failed on its own: the one is answered 503
 * with when to retry, the other is a bug (decision 040). Errors arrive raw or wrapped (Drizzle
 * wraps a failed query with its cause), so the whole chain of causes is looked at.
 */

/** Socket failures: refused, reset, timed out, no route, no such host. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going away or cannot take us: class 08
 * (connection exception), 57P01–57P03 (admin or crash shutdown, cannot connect now) and 53300
 * (too many connections).
 */
const unavailableStates = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What node-postgres, its pool and ioredis say, without a code, when a connection is gone. */
const connectionMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Stream isn't writeable/,
  /^Connection is closed\.?$/,
  /^Redis connection is not ready$/,
];

function* causes(error: unknown): Generator<{ code?: unknown; name?: unknown; message?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    yield current;
    current = current.cause;
  }
}

export function isServiceUnreachable(error: unknown): boolean {
  for (const cause of causes(error)) {
    const code = typeof cause.code === 'string' ? cause.code : '';
    const message = typeof cause.message === 'string' ? cause.message : '';
    if (socketCodes.has(code) || unavailableStates.test(code)) return true;
    if (cause.name === 'MaxRetriesPerRequestError') return true;
    if (connectionMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
