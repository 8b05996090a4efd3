import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Platforms } from './platform/platforms.js';

/** How long in-flight requests get to finish before the process gives up and exits 1. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Stops accepting connections, lets in-flight requests finish, then closes the platforms
 * (database last, so no acknowledged write is cut off). Resolves with the exit code.
 */
export async function shutdown(
  app: FastifyInstance,
  platforms: Platforms,
  log: Logger,
): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      log.error(`shutdown did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      resolve(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
  });
  const graceful = (async () => {
    await app.close();
    await platforms.close();
    return 0;
  })();
  try {
    return await Promise.race([graceful, timeout]);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    return 1;
  } finally {
    clearTimeout(timer);
  }
}

export function onTerminationSignals(run: (signal: NodeJS.Signals) => void) {
  let received = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (received) return;
      received = true;
      run(signal);
    });
  }
}
