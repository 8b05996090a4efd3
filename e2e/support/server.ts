import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../../src/server/platform/db/database';

/**
 * Starts the built server (`dist/server/main.js`) as a real child process, exactly as an operator
 * would in production: its own free port, its own temporary DATA_DIR, output in a log file there.
 * The global setup starts one for the whole suite; shutdown.spec.ts starts its own.
 */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const serverEntry = path.join(repoRoot, 'dist/server/main.js');
export const webIndex = path.join(repoRoot, 'dist/web/index.html');

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  baseURL: string;
  port: number;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after 10 s; removes the data directory. Resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Throws a readable error when the build the suite tests has not been produced. */
export function assertBuilt(): void {
  const missing = [serverEntry, webIndex].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The e2e suite tests the production build, but ${missing
        .map((file) => path.relative(repoRoot, file))
        .join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing: run \`npm run build\` ` +
        '(or `npm run test:e2e`, which builds first).',
    );
  }
}

/** A port nobody listens on right now: bind port 0, read what the kernel chose, release it. */
export async function findFreePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('no TCP port assigned');
  return address.port;
}

/** The last lines of the server's log, for error messages. */
export function logTail(logFile: string, lines = 40): string {
  try {
    return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log written)';
  }
}

function exitCodeOf(child: ChildProcess): number | null | undefined {
  if (child.exitCode !== null) return child.exitCode;
  if (child.signalCode !== null) return null;
  return undefined;
}

async function waitUntilReady(baseURL: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const code = exitCodeOf(child);
    if (code !== undefined) {
      throw new Error(
        `The server exited with ${code === null ? `signal ${child.signalCode}` : `code ${code}`} ` +
          `before it was ready. Server log (last lines):\n${logTail(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}). ` +
      `Server log (last lines):\n${logTail(logFile)}`,
  );
}

async function stopChild(child: ChildProcess): Promise<number | null> {
  const known = exitCodeOf(child);
  if (known !== undefined) return known;
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  try {
    const [code] = await exited;
    return code;
  } finally {
    clearTimeout(timer);
  }
}

const lastWords = new WeakMap<ChildProcess, string>();

/** The log tail of a server that did not exit cleanly (its data directory is gone by then). */
export function lastLogOf(server: RunningServer): string {
  return lastWords.get(server.child) ?? '';
}

/**
 * A migrated PGlite database directory made once for the run (the global setup's): each
 * server's data directory starts as a copy of it, since creating a PGlite cluster takes
 * seconds and copying one a fraction of that. Removed with `remove`.
 */
export async function makeDatabaseTemplate(): Promise<{
  dir: string;
  remove: () => Promise<void>;
}> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-e2e-template-'));
  const dir = path.join(root, 'db');
  const database = await openPglite(dir);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

export async function startServer(
  extraEnv: Record<string, string> = {},
  /** Runs on the fresh data directory before the server takes it (seeding a database). */
  prepare?: (dataDir: string) => Promise<void>,
  /** A migrated database directory to start from (`makeDatabaseTemplate`). */
  databaseTemplate?: string,
): Promise<RunningServer> {
  assertBuilt();
  // A spec that must know the address first (to register it with a provider) chooses the port.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await findFreePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-e2e-'));
  if (databaseTemplate) await cp(databaseTemplate, path.join(dataDir, 'db'), { recursive: true });
  await prepare?.(dataDir);
  const logFile = path.join(dataDir, 'server.log');
  const baseURL = `http://127.0.0.1:${port}`;
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      TMPDIR: process.env.TMPDIR ?? os.tmpdir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ...extraEnv,
    },
    stdio: ['ignore', logFd, logFd],
  });
  // The child holds its own copy of the descriptor.
  closeSync(logFd);

  const stop = async () => {
    try {
      const code = await stopChild(child);
      if (code !== 0) lastWords.set(child, logTail(logFile));
      return code;
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };

  try {
    await waitUntilReady(baseURL, child, logFile);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await stop();
    throw new Error(message);
  }
  return { baseURL, port, dataDir, logFile, child, stop };
}
