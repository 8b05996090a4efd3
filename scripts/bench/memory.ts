// `npm run bench:memory`: the embedded server's resident memory as `npm start` runs it (the
// production build, serving and drawing the web pages), on the demo site: at rest once ready,
// after a visitor's walk through every kind of page, and its peak; for each size of the
// embedded database's buffer pool (PGLITE_BUFFERS_MB) in BENCH_BUFFERS (default
// "128,64,32,16"), the sizes taken in turn and the whole round twice, since the machine varies.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../src/server/test/server-process.js';

const sizes = (process.env.BENCH_BUFFERS ?? '128,64,32,16').split(',').map(Number);
const rounds = 2;

const startHeapFlags = (
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    .start ?? ''
)
  .split(' ')
  .filter((word) => /^--max-(old|semi)-space-size=/.test(word));

async function memoryOf(server: ServerProcess): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${String(server.pid)}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The production build as `npm start` runs it, serving the web pages too. */
function start(dataDir: string, buffersMb: number): Promise<ServerProcess> {
  return startServerProcess(
    { SERVE_WEB: 'true', DATA_DIR: dataDir, PGLITE_BUFFERS_MB: String(buffersMb) },
    { command: [...startHeapFlags, 'dist/server/main.js'], timeoutMs: 120_000 },
  );
}

/** Every kind of page a visitor lands on, and the API reads behind them, three times over. */
async function walk(url: string): Promise<void> {
  const get = async (route: string) => {
    const answer = await fetch(url + route);
    await answer.arrayBuffer();
  };
  const threads = (await (await fetch(`${url}/api/forum/posts?limit=50`)).json()) as {
    items: { id: number }[];
  };
  const news = (await (await fetch(`${url}/api/news`)).json()) as { items: { id: number }[] };
  const pages = [
    '/',
    '/forum',
    '/news',
    '/donations',
    '/about',
    '/search?q=film',
    ...threads.items.map((thread) => `/forum/post/${String(thread.id)}`),
    ...threads.items.map((thread) => `/api/forum/posts/${String(thread.id)}/comments`),
    ...news.items.map((article) => `/news/${String(article.id)}`),
  ];
  for (let round = 0; round < 3; round++) for (const page of pages) await get(page);
}

async function main() {
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) {
    throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-memory-'));
  try {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('npm run seed:demo failed');
    const rows: string[][] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const size of round % 2 ? sizes : [...sizes].reverse()) {
        const server = await start(dataDir, size);
        try {
          await pause(5_000);
          const rest = await memoryOf(server);
          await walk(server.url);
          await pause(5_000);
          const after = await memoryOf(server);
          rows.push([
            String(round),
            `${String(size)} MB`,
            rest.rss.toFixed(0),
            after.rss.toFixed(0),
            after.peak.toFixed(0),
          ]);
          process.stdout.write(`${rows.at(-1)!.join('\t')}\n`);
        } finally {
          await server.stop();
        }
      }
    }
    const header = ['round', 'buffers', 'RSS at rest (MB)', 'after the walk (MB)', 'peak (MB)'];
    const widths = header.map((title, i) =>
      Math.max(title.length, ...rows.map((row) => row[i]!.length)),
    );
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
    process.stdout.write(`\nThe demo site, embedded database\n${line(header)}\n`);
    for (const row of rows) process.stdout.write(`${line(row)}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
