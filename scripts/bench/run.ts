// `npm run bench`: throughput and latency of the server's main reads, next to a bare node:http
// server measured in the same run as the ceiling. Each server runs in its own process; the load
// generator (autocannon) runs here. PostgreSQL is measured when BENCH_DATABASE_URL (or
// DATABASE_URL) points at a reachable server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { scryptParameters } from '../../src/server/features/accounts/password-hash.js';
import { benchAccount, benchScale } from './scale.js';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 5);

interface Row {
  target: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function waitForReady(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited (${code}):\n${output}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Request logging stays at its production level (warn) during the run, so poll for readiness. */
async function waitForHealth(child: ChildProcess, url: string) {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${stderr}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become ready:\n${stderr}`);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One measured request: a path, or a label with its own method, headers, body and load. */
interface Probe {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
}

async function measure(target: string, base: string, probes: (string | Probe)[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const entry of probes) {
    const probe: Probe = typeof entry === 'string' ? { label: entry, path: entry } : entry;
    const options = {
      url: base + probe.path,
      connections: probe.connections ?? connections,
      method: probe.method ?? 'GET',
      headers: probe.headers,
      body: probe.body,
    };
    // A short warm-up so JIT and connection pools are settled before measuring.
    await autocannon({ ...options, duration: 1 });
    const result = await autocannon({ ...options, duration });
    rows.push({
      target,
      path: probe.label,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  return rows;
}

async function bareNodeHttp(): Promise<Row[]> {
  const source = `
    const http = require('node:http');
    const body = JSON.stringify({ name: 'Viewpoint', description: 'bare node:http ceiling' });
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
    process.on('SIGTERM', () => server.close(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await waitForReady(child, /listening on (http:\/\/\S+)/);
  try {
    return await measure('bare node:http', url, ['/']);
  } finally {
    await stop(child);
  }
}

const benchSecret = 'bench-secret-bench-secret-bench-secret-0000';

/** Runs `npm run seed:bench` against a database (once: the seed marks what it wrote). */
async function seedBench(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-bench.ts'], {
    env: { ...process.env, DATABASE_URL: '', AUTH_SECRET: benchSecret, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:bench failed (exit ${code})`);
}

/** Starts the server on the seeded database; `extra` adds settings (the caches' switches). */
async function startViewpoint(dataEnv: Record<string, string>, extra: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-bench-'));
  const webRoot = path.join(dir, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<html lang="en"><head><!--app-head--></head></html>',
  );
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      WEB_ROOT: webRoot,
      NODE_ENV: 'production',
      AUTH_SECRET: benchSecret,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...dataEnv,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(child, url);
  return { url, child };
}

async function viewpoint(label: string, env: Record<string, string>): Promise<Row[]> {
  // The seeded PGlite directory is kept between runs: seeding it takes a minute or two.
  const dataEnv = { DATA_DIR: path.resolve('.bench/pglite'), ...env };
  process.stdout.write(`seeding ${label} (skipped when already seeded)\n`);
  await seedBench(dataEnv);
  const rows: Row[] = [];
  const { url, child } = await startViewpoint(dataEnv);
  let forum: Awaited<ReturnType<typeof forumTargets>>;
  try {
    const account = await signUpAccount(url);
    const reader = await signInBenchAccount(url);
    forum = await forumTargets(url);
    const signedIn = { cookie: reader.cookie };
    rows.push(
      ...(await measure(label, url, [
        '/healthz',
        '/api/site',
        '/about',
        { label: 'session: anonymous', path: '/api/auth/session' },
        { label: 'session: signed in', path: '/api/auth/session', headers: signedIn },
        { label: 'forum list: anonymous', path: '/api/forum/posts' },
        { label: 'forum list', path: '/api/forum/posts', headers: signedIn },
        { label: 'forum deep page', path: forum.deepPage, headers: signedIn },
        { label: 'post (2,000 replies)', path: forum.post, headers: signedIn },
        { label: 'replies page 1', path: forum.replies, headers: signedIn },
        { label: 'news list', path: '/api/news' },
        { label: 'review queue', path: '/api/moderation/reports', headers: signedIn },
        {
          label: 'POST reply',
          path: forum.replyTo,
          method: 'POST',
          headers: { ...reader.writeHeaders, 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ body: 'A benchmark reply: short, **kind** and to the point.' }),
        },
        {
          label: 'POST sign-in (8 conn)',
          path: '/api/auth/sign-in',
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ email: account.email, password: account.password }),
          connections: 8,
        },
      ])),
    );
  } finally {
    await stop(child);
  }
  // The reads again with the one-second list and session caches off: every request runs its
  // queries (the session check included).
  const uncached = await startViewpoint(dataEnv, {
    FORUM_LIST_CACHE_MS: '0',
    SESSION_CACHE_MS: '0',
  });
  try {
    const reader = await signInBenchAccount(uncached.url);
    const signedIn = { cookie: reader.cookie };
    rows.push(
      ...(await measure(label, uncached.url, [
        { label: 'forum list, no cache', path: '/api/forum/posts', headers: signedIn },
        { label: 'deep page, no cache', path: forum.deepPage, headers: signedIn },
        { label: 'post, no cache', path: forum.post, headers: signedIn },
        { label: 'replies, no cache', path: forum.replies, headers: signedIn },
      ])),
    );
  } finally {
    await stop(uncached.child);
  }
  return rows;
}

/** The seeded moderator, signed in: its cookies, and the CSRF header its writes must carry. */
async function signInBenchAccount(url: string) {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: benchAccount.email, password: benchAccount.password }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${await response.text()}`);
  const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const cookie = pairs.join('; ');
  const csrf = pairs.find((pair) => pair.startsWith('vp_csrf='))?.slice('vp_csrf='.length) ?? '';
  return { cookie, writeHeaders: { cookie, 'x-csrf-token': decodeURIComponent(csrf) } };
}

/**
 * The forum paths to measure: a page 50,000 threads deep (reached by following the API's own
 * cursors, 50 at a time), and the first seeded thread (one of the 2,000-reply ones).
 */
async function forumTargets(url: string) {
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page += 1) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${url}/api/forum/posts?limit=50${query}`);
    const body = (await response.json()) as { nextCursor: string | null };
    if (!response.ok || !body.nextCursor) throw new Error(`forum list failed on page ${page}`);
    cursor = body.nextCursor;
  }
  const deepPage = `/api/forum/posts?cursor=${encodeURIComponent(cursor ?? '')}`;
  const [longest] = await seededLongThreads(url);
  return {
    deepPage,
    post: `/api/forum/posts/${longest}`,
    replies: `/api/forum/posts/${longest}/comments?limit=50`,
    replyTo: `/api/forum/posts/${longest}/comments`,
  };
}

/**
 * The seed's long threads: its first thread belongs to bench_author_2, whose 100 threads are
 * two pages of that author's list.
 */
async function seededLongThreads(url: string): Promise<number[]> {
  const found: number[] = [];
  let cursor = '';
  do {
    const response = await fetch(
      `${url}/api/forum/posts?author=bench_author_2&limit=50${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    const body = (await response.json()) as {
      items: { id: number; replyCount: number }[];
      nextCursor: string | null;
    };
    if (!response.ok) throw new Error('forum author list failed');
    for (const item of body.items) {
      if (item.replyCount >= benchScale.longThreadReplies) found.push(item.id);
    }
    cursor = body.nextCursor ?? '';
  } while (cursor);
  if (found.length > 0) return found;
  throw new Error('no seeded 2,000-reply thread found: run npm run seed:bench on a fresh database');
}

/** Signs up one account through the API and signs it in (unverified accounts may sign in). */
async function signUpAccount(url: string) {
  const email = `bench-${Date.now()}@example.test`;
  const password = 'bench-lantern-orchard-51';
  const headers = { 'content-type': 'application/json', origin: url };
  const username = `bench_${Date.now() % 1e9}`;
  const signUp = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench', username, email, password }),
  });
  if (!signUp.ok) throw new Error(`bench sign-up failed: ${await signUp.text()}`);
  const signIn = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { email, password, cookie };
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The `viewpoint_bench` database on the same server, created once and kept seeded. */
async function benchDatabase(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const found = await client.query("select 1 from pg_database where datname = 'viewpoint_bench'");
  if (found.rowCount === 0) await client.query('create database viewpoint_bench');
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = '/viewpoint_bench';
  return url.toString();
}

const rows: Row[] = [];
rows.push(...(await bareNodeHttp()));
rows.push(...(await viewpoint('viewpoint (PGlite)', {})));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl && (await postgresReachable(pgUrl))) {
  const benchUrl = await benchDatabase(pgUrl);
  rows.push(...(await viewpoint('viewpoint (PostgreSQL)', { DATABASE_URL: benchUrl })));
} else {
  process.stdout.write('PostgreSQL not measured: set BENCH_DATABASE_URL to a reachable server.\n');
}

const ceiling = rows[0]?.rps ?? 1;
process.stdout.write(
  `\n${connections} connections, ${duration} s per endpoint, ${os.cpus().length} cores\n\n`,
);
process.stdout.write(
  `Sign-in hashes with scrypt N=${scryptParameters.N}, r=${scryptParameters.r}, ` +
    `p=${scryptParameters.p}, ${scryptParameters.keyLength}-byte key (node:crypto, libuv pool of ` +
    `${process.env.UV_THREADPOOL_SIZE ?? 4} threads).\n\n`,
);
process.stdout.write(
  'target                     path                    req/s     p50 ms  p99 ms  errors  % of bare\n',
);
for (const row of rows) {
  process.stdout.write(
    `${row.target.padEnd(26)} ${row.path.padEnd(22)} ${String(row.rps).padStart(7)}  ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${String(row.errors).padStart(7)}  ${((100 * row.rps) / ceiling).toFixed(1).padStart(8)}%\n`,
  );
}
