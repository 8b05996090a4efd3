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

async function measure(target: string, base: string, paths: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const urlPath of paths) {
    // A short warm-up so JIT and connection pools are settled before measuring.
    await autocannon({ url: base + urlPath, connections, duration: 1 });
    const result = await autocannon({ url: base + urlPath, connections, duration });
    rows.push({
      target,
      path: urlPath,
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

async function viewpoint(label: string, env: Record<string, string>): Promise<Row[]> {
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
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dir, 'data'),
      WEB_ROOT: webRoot,
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(child, url);
  try {
    return await measure(label, url, ['/healthz', '/api/site', '/about']);
  } finally {
    await stop(child);
  }
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

const rows: Row[] = [];
rows.push(...(await bareNodeHttp()));
rows.push(...(await viewpoint('viewpoint (PGlite)', {})));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl && (await postgresReachable(pgUrl))) {
  rows.push(...(await viewpoint('viewpoint (PostgreSQL)', { DATABASE_URL: pgUrl })));
} else {
  process.stdout.write('PostgreSQL not measured: set BENCH_DATABASE_URL to a reachable server.\n');
}

const ceiling = rows[0]?.rps ?? 1;
process.stdout.write(
  `\n${connections} connections, ${duration} s per endpoint, ${os.cpus().length} cores\n\n`,
);
process.stdout.write(
  'target                     path          req/s     p50 ms  p99 ms  errors  % of bare\n',
);
for (const row of rows) {
  process.stdout.write(
    `${row.target.padEnd(26)} ${row.path.padEnd(12)} ${String(row.rps).padStart(7)}  ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${String(row.errors).padStart(7)}  ${((100 * row.rps) / ceiling).toFixed(1).padStart(8)}%\n`,
  );
}
