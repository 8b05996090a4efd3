import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The real server as its own process (`node --import tsx src/server/main.ts`), for the tests and
 * benchmarks that need several processes, a kill -9 or a load client outside the server. It
 * serves the API only (no web build), on a free port of 127.0.0.1.
 */
export interface ServerProcess {
  /** Where the process listens (http://127.0.0.1:port). */
  url: string;
  pid: number;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr (the last 64 KB), for failure messages. */
  output(): string;
  /** SIGTERM, answered when the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown, no flush, as a crash or an out-of-memory kill would end it. */
  kill(): Promise<void>;
  /** Resident memory of the process in bytes, from /proc (Linux). */
  rss(): Promise<number>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server process with `env` on top of a quiet, API-only configuration and answers once
 * `/readyz` does; on `port` (a restart on the address a proxy knows) or a free one. DATABASE_URL and REDIS_URL are not inherited: pass them in `env` to use them.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number;
    port?: number;
    /** Node's arguments: the sources through tsx by default; the build for a benchmark. */
    command?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const command = options.command ?? ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, command, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = once(child, 'exit');
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server process exited before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server process was not ready in time:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    pid,
    child,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    async rss() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      if (!kb) throw new Error('no VmRSS in /proc status');
      return Number(kb) * 1024;
    },
  };
}

/**
 * A new, empty PostgreSQL database on the server of `serverUrl` (never the developer's data),
 * for server processes to share; `drop` removes it, ending any connection still open.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix = 'viewpoint_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
