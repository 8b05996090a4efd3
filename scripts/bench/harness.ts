// What the HTTP benchmarks (`npm run bench`, `npm run bench:search`) share: the seeded
// databases, the server process, the bare node:http ceiling, the measured run and the table.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/shared/csrf.js';
import { freePort } from '../../src/server/test/server-process.js';
import { benchAccount } from './scale.js';

export const benchSettings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  /** The seeded PGlite directory, kept between runs: seeding it takes several minutes. */
  dataDir: path.resolve(process.env.BENCH_DATA_DIR ?? '.bench/pglite'),
};

/**
 * Different client addresses, one per request in turn (the server trusts the benchmark's proxy
 * header, `TRUST_PROXY` below), so the per-address limits of a real site's many readers and
 * writers are not one address's: a row measures answers, not refusals.
 */
export const clientAddresses: readonly Record<string, string>[] = Array.from(
  { length: 2000 },
  (_, i) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
);

/** One measured line of a table. */
export interface Row {
  target: string;
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests that got no answer (refused, reset, timed out). */
  errors: number;
  /** Answers outside 2xx. */
  non2xx: number;
}

/**
 * One measured request: a path, with its own method, headers, body and load. With `paths`, each
 * request takes the next one of the list, so a cache of one answer cannot serve them all.
 */
export interface Probe {
  label: string;
  path: string;
  paths?: readonly string[];
  /** With `headerSets`, each request also takes the next set (1,000 members' cookies, say). */
  headerSets?: readonly Record<string, string>[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/**
 * One autocannon run, with the time of every answer kept for the percentiles, and the seconds
 * from the start to the last answer (autocannon's own duration waits for its next 1 s tick).
 */
function run(
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; times: number[]; seconds: number }> {
  const times: number[] = [];
  const started = performance.now();
  let last = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, result: autocannon.Result) => {
      if (error) reject(error);
      else resolve({ result, times, seconds: (last - started) / 1000 });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
      last = performance.now();
    });
  });
}

/**
 * A run that ends when every request sent has its answer, error or timeout (autocannon's 10 s),
 * for rows whose answers take long: a run stopped by the clock leaves up to one request per
 * connection unanswered and uncounted (the slowest, missing from the percentiles), and the
 * server still working on them while the next row runs. The warm-up, a few requests per
 * connection, sets how many the measured run sends: about `seconds` at the warm-up's pace.
 */
async function runEveryAnswer(options: autocannon.Options, seconds: number) {
  const connections = options.connections ?? 1;
  const warm = await run({ ...options, amount: connections * 4 });
  const pace = warm.times.length / Math.max(warm.seconds, 0.001);
  const measured = await run({
    ...options,
    amount: Math.max(connections * 4, Math.round(pace * seconds)),
  });
  return { ...measured, rps: measured.times.length / Math.max(measured.seconds, 0.001) };
}

export async function measure(
  target: string,
  base: string,
  probes: (string | Probe)[],
  settings: { connections?: number; seconds?: number; everyAnswer?: boolean } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const entry of probes) {
    const probe: Probe = typeof entry === 'string' ? { label: entry, path: entry } : entry;
    const paths = probe.paths ?? [];
    const headerSets = probe.headerSets ?? [];
    let next = 0;
    let nextHeaders = 0;
    const options: autocannon.Options = {
      url: base + probe.path,
      connections: probe.connections ?? settings.connections ?? benchSettings.connections,
      method: probe.method ?? 'GET',
      headers: probe.headers,
      body: probe.body,
      requests:
        paths.length > 0 || headerSets.length > 0
          ? [
              {
                setupRequest: (request) => ({
                  ...request,
                  ...(paths.length > 0 ? { path: paths[next++ % paths.length] } : {}),
                  ...(headerSets.length > 0
                    ? {
                        headers: {
                          ...request.headers,
                          ...headerSets[nextHeaders++ % headerSets.length],
                        },
                      }
                    : {}),
                }),
              },
            ]
          : undefined,
    };
    const seconds = settings.seconds ?? benchSettings.seconds;
    const { result, times, rps } = settings.everyAnswer
      ? await runEveryAnswer(options, seconds)
      : await runForSeconds(options, seconds);
    times.sort((a, b) => a - b);
    rows.push({
      target,
      label: probe.label,
      rps: Math.round(rps),
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      p99: percentile(times, 0.99),
      errors: result.errors,
      non2xx: result.non2xx,
    });
  }
  return rows;
}

async function runForSeconds(options: autocannon.Options, seconds: number) {
  // A short warm-up so JIT and connection pools are settled before measuring.
  await run({ ...options, duration: 1 });
  const measured = await run({ ...options, duration: seconds });
  return { ...measured, rps: measured.result.requests.average };
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

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The most resident memory the process has held (VmHWM, Linux), in bytes. */
export async function peakRss(child: ChildProcess): Promise<number> {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

/** A bare node:http server answering a small JSON body: the ceiling every row is a share of. */
export async function startBareNodeHttp(): Promise<{ url: string; child: ChildProcess }> {
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
  return { url: await waitForReady(child, /listening on (http:\/\/\S+)/), child };
}

/** The ceiling, measured the same way as every row. */
export async function bareNodeHttp(settings: { connections?: number; seconds?: number } = {}) {
  const { url, child } = await startBareNodeHttp();
  try {
    return await measure('bare node:http', url, ['/'], settings);
  } finally {
    await stop(child);
  }
}

export const benchSecret = 'bench-secret-bench-secret-bench-secret-0000';

/**
 * Runs `npm run seed:bench` against a database (once: the seed marks what it wrote). A PostgreSQL
 * database is then vacuumed and analysed: the rows earlier runs' writes left dead would otherwise
 * slow every later run on a server whose autovacuum is off or behind (PGlite's runs at start).
 */
export async function seedBench(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-bench.ts'], {
    env: { ...process.env, DATABASE_URL: '', AUTH_SECRET: benchSecret, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:bench failed (exit ${code})`);
  if (!env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('vacuum (analyze)');
    process.stdout.write(`vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await client.end();
  }
}

/** The heap sizes `npm start` gives the server (package.json), so it is measured as it runs. */
const startHeapFlags = (
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    .start ?? ''
)
  .split(' ')
  .filter((word) => /^--max-(old|semi)-space-size=/.test(word));

let built = false;
/** The server is measured as `npm start` runs it: the bundle `npm run build:server` makes. */
function buildServerOnce() {
  if (built) return;
  const result = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build:server failed (${result.status})`);
  built = true;
}

/**
 * Starts the server on the seeded database; `extra` adds settings (the caches' switches).
 * BENCH_NODE_ARGS adds Node options to the server's process (`--cpu-prof` to profile it).
 */
export async function startViewpoint(
  dataEnv: Record<string, string>,
  extra: Record<string, string> = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-bench-'));
  const webRoot = path.join(dir, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  const port = await freePort();
  buildServerOnce();
  const nodeArgs = [
    ...startHeapFlags,
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
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
      // As behind a proxy: the write rows send each request from another address.
      TRUST_PROXY: '127.0.0.1',
      ...dataEnv,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(child, url);
  return { url, child };
}

/** The seeded moderator, signed in: its cookies, and the CSRF header its writes must carry. */
export async function signInBenchAccount(url: string) {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: benchAccount.email, password: benchAccount.password }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${await response.text()}`);
  const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const cookie = pairs.join('; ');
  const csrf =
    pairs.find((pair) => pair.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1) ?? '';
  return { cookie, writeHeaders: { cookie, [CSRF_HEADER]: decodeURIComponent(csrf) } };
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

/**
 * The `viewpoint_bench` database (or BENCH_DATABASE_NAME) on the server of BENCH_DATABASE_URL or
 * DATABASE_URL, created once and kept seeded; undefined when no reachable server is configured.
 */
export async function benchDatabase(): Promise<string | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl || !(await postgresReachable(serverUrl))) {
    process.stdout.write(
      'PostgreSQL not measured: set BENCH_DATABASE_URL to a reachable server.\n',
    );
    return undefined;
  }
  const name = process.env.BENCH_DATABASE_NAME ?? 'viewpoint_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unusable database name ${name}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A markdown table with padded columns: text columns to the left, numbers to the right. */
export function printTable(headers: string[], rows: string[][]) {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const numeric = headers.map((_, column) =>
    rows.every((row) => /^[-\d.,%+/ –]*$/.test(row[column] ?? '')),
  );
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join(' | ')} |\n`;
  process.stdout.write(line(headers));
  process.stdout.write(
    `|${widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|\n`,
  );
  for (const row of rows) process.stdout.write(line(row));
}

/** Milliseconds with one decimal, for the tables. */
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
