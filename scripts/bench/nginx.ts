// The rows through nginx, for `npm run bench`: deploy/nginx's own configuration (as the test
// runs it, src/server/test/nginx.ts) in front of the bare node:http server, then of one
// Viewpoint process and of two, on the PostgreSQL bench database and the machine's Redis. The
// same reads each time: random threads for 1,000 members, random reply pages, filtered lists,
// and the thread pages visitors land on. Writes are left out: nginx sets the client's address
// (X-Forwarded-For $remote_addr), so every request here comes from 127.0.0.1 and the
// per-address write limits would answer most of them.
//
// The processes, nginx's two workers and the load generator share the machine's cores: with
// two cores, a second process cannot double anything; the rows show what it does.
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { Redis } from 'ioredis';
import { hasNginx, startNginx, type RunningNginx } from '../../src/server/test/nginx.js';
import {
  measure,
  startBareNodeHttp,
  startViewpoint,
  stop,
  type Probe,
  type Row,
} from './harness.js';
import { browser, buildWebOnce, countLoggedErrors, pageConnections } from './pages.js';
import { members, realisticPaths } from './realistic.js';

const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const portOf = (url: string) => Number(new URL(url).port);

/** Until nginx answers /readyz from its processes (each one ready already). */
async function waitThrough(nginx: RunningNginx) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await fetch(`${nginx.url}/readyz`).catch(() => undefined))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer /readyz:\n${await nginx.errors()}`);
}

/** The reads, through `url`; pages every answer counted, as pages.ts measures them. */
async function reads(target: string, url: string): Promise<Row[]> {
  const { threads, replies, lists, threadIds } = await realisticPaths(url);
  const json = (label: string, paths: string[], signedIn: boolean): Probe => ({
    label,
    path: paths[0] ?? '/',
    paths,
    ...(signedIn ? { headerSets: members } : {}),
  });
  const pages = threadIds.map((id) => `/forum/post/${String(id)}`);
  return [
    ...(await measure(target, url, [
      json('random thread, 1,000 members', threads, true),
      json('random replies page (50), anonymous', replies, false),
      json('lists with filters, 1,000 members', lists, true),
    ])),
    ...(await measure(
      target,
      url,
      [
        {
          label: 'page: random thread, anonymous',
          path: pages[0] ?? '/',
          paths: pages,
          headers: browser,
        },
      ],
      { connections: pageConnections, everyAnswer: true },
    )),
  ];
}

/** nginx in front of Viewpoint processes, one or two, sharing the database and Redis. */
async function behindNginx(count: 1 | 2, dataEnv: Record<string, string>): Promise<Row[]> {
  const children: ChildProcess[] = [];
  const loggedErrors: (() => number)[] = [];
  let nginx: RunningNginx | undefined;
  const target = `nginx → ${String(count)} process${count > 1 ? 'es' : ''} (PostgreSQL, Redis)`;
  try {
    const webRoot = buildWebOnce();
    const ports: number[] = [];
    for (let n = 0; n < count; n += 1) {
      const { url, child } = await startViewpoint(dataEnv, {
        WEB_ROOT: webRoot,
        REDIS_URL: redisUrl,
      });
      children.push(child);
      loggedErrors.push(countLoggedErrors(child));
      ports.push(portOf(url));
    }
    nginx = await startNginx({
      ports: count === 1 ? [ports[0] ?? 0] : [ports[0] ?? 0, ports[1] ?? 0],
      webRoot,
    });
    await waitThrough(nginx);
    const rows = await reads(target, nginx.url);
    const errors = loggedErrors.reduce((sum, count) => sum + count(), 0);
    if (errors > 0)
      process.stdout.write(`${target}: the processes logged ${String(errors)} errors\n`);
    return rows;
  } finally {
    await nginx?.stop();
    for (const child of children) await stop(child);
  }
}

/** nginx in front of the bare node:http server: what the proxy itself costs on this machine. */
async function bareBehindNginx(): Promise<Row[]> {
  const bare = await startBareNodeHttp();
  const nginx = await startNginx({ ports: [portOf(bare.url)], webRoot: os.tmpdir() });
  try {
    return await measure('nginx → bare node:http', nginx.url, ['/']);
  } finally {
    await nginx.stop();
    await stop(bare.child);
  }
}

/**
 * The rows through nginx, or none (and a line saying why) without nginx or Redis. BENCH_ROUNDS
 * rounds (1 by default), each taking one process and two in the other order from the last, so
 * the machine's drift does not favour either.
 */
export async function measureNginx(dataEnv: Record<string, string>): Promise<Row[]> {
  if (!hasNginx) {
    process.stdout.write('Rows through nginx not measured: /usr/sbin/nginx is not installed.\n');
    return [];
  }
  if (!(await redisReachable())) {
    process.stdout.write(`Rows through nginx not measured: no Redis at ${redisUrl}.\n`);
    return [];
  }
  const rows = await bareBehindNginx();
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  for (let round = 0; round < rounds; round += 1) {
    for (const count of round % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) {
      rows.push(...(await behindNginx(count, dataEnv)));
    }
  }
  return rows;
}
