// `npm run bench:notifications`: a reply's answer time in threads watched by 0, 1,000 and
// 10,000 members (the fan-out runs off the request path, so the three should match within
// noise), and how long until all of a reply's notifications are stored. On PGlite and, when it
// answers, PostgreSQL (BENCH_DATABASE_URL, a database made for the run and dropped after).
//
// The server runs in this process (so the notifications table can be counted while it works);
// replies are sent one at a time, each from the signed-in member over real HTTP.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createLogger } from '../../src/server/logger.js';
import { startPlatforms } from '../../src/server/platform/platforms.js';
import { queryRows } from '../../src/server/platform/db/database.js';
import { buildAccount, categoryId, insertPost } from '../../src/server/test/factories.js';
import { signInRemote } from '../../src/server/test/remote-member.js';
import { createPostgresDatabase } from '../../src/server/test/server-process.js';
import type { TestApp } from '../../src/server/test/test-app.js';
import { ms, printTable } from './harness.js';

const watcherCounts = [0, 1_000, 10_000];
const repliesPerThread = Number(process.env.BENCH_REPLIES ?? 20);
const pauseMs = 250;
const origin = 'http://viewpoint.bench';

interface Row {
  database: string;
  watchers: number;
  p50: number;
  p99: number;
  storedMs: number;
  busyP50: number;
  busyP99: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

async function run(label: string, env: Record<string, string>): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vp-bench-notify-'));
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
  });
  const log = createLogger(config);
  const platforms = await startPlatforms(config, log);
  const app = await buildApp({ config, platforms, logger: log });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const db = platforms.database.db;
  const rows: Row[] = [];
  try {
    const t = { platforms } as unknown as TestApp;
    const replier = await buildAccount(db, { role: 'moderator', createdAt: new Date(0) });
    const author = await buildAccount(db, { createdAt: new Date(0) });
    const category = await categoryId(t, 'discussions');
    process.stdout.write(`${label}: making ${Math.max(...watcherCounts)} members\n`);
    await queryRows(
      db,
      sql`insert into users (id, name, email, username, email_verified)
        select 'bench-watcher-' || n, 'Watcher ' || n, 'watcher' || n || '@bench.test',
          'watcher_' || n, true
        from generate_series(1, ${Math.max(...watcherCounts)}) as n`,
    );
    // Their replies stay in the app: the measure is the notifications, not 10,000 e-mails.
    await queryRows(
      db,
      sql`insert into notification_settings (user_id, type, delivery)
        select id, 'reply', 'app' from users where id like 'bench-watcher-%'`,
    );
    const member = await signInRemote(base, replier, { origin });
    for (const watchers of watcherCounts) {
      const postId = await insertPost(t, {
        authorId: author.id,
        categoryId: category,
        title: `A thread watched by ${watchers}`,
      });
      await queryRows(
        db,
        sql`insert into thread_watches (user_id, post_id, level)
          select 'bench-watcher-' || n, ${postId}::bigint, 'watching'
          from generate_series(1, ${watchers}) as n`,
      );
      const reply = async (i: number) => {
        const started = performance.now();
        const answer = await member.request<{ comment: { id: number } }>(
          base,
          'POST',
          `/api/forum/posts/${postId}/comments`,
          { body: `Benchmark reply ${i} to a thread watched by ${watchers}.` },
        );
        if (answer.status !== 201) throw new Error(`reply failed: ${answer.status}`);
        return { started, answered: performance.now() - started, id: answer.body.comment.id };
      };
      const storedAfter = async (id: number, started: number) => {
        for (;;) {
          const [count] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from notifications where comment_id = ${id}`,
          );
          if (Number(count?.n) >= watchers) return performance.now() - started;
          if (performance.now() - started > 120_000) throw new Error('fan-out never finished');
          await sleep(5);
        }
      };
      // One at a time: each reply once the previous one's notifications are all stored.
      const times: number[] = [];
      const stored: number[] = [];
      for (let i = 0; i < repliesPerThread; i += 1) {
        const sent = await reply(i);
        times.push(sent.answered);
        stored.push(await storedAfter(sent.id, sent.started));
      }
      // Back to back: a reply every 250 ms while earlier fan-outs still run.
      const busy: number[] = [];
      let last = { id: 0, started: 0 };
      for (let i = 0; i < repliesPerThread / 2; i += 1) {
        const sent = await reply(repliesPerThread + i);
        busy.push(sent.answered);
        last = sent;
        await sleep(pauseMs);
      }
      await storedAfter(last.id, last.started);
      rows.push({
        database: label,
        watchers,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        storedMs: percentile(stored, 50),
        busyP50: percentile(busy, 50),
        busyP99: percentile(busy, 99),
      });
    }
  } finally {
    await app.close();
    await platforms.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const rows = await run('PGlite', {});
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
try {
  const database = await createPostgresDatabase(server, 'viewpoint_bench_notify');
  try {
    rows.push(
      ...(await run('PostgreSQL', { DATABASE_URL: database.url, AUTH_SECRET: 'b'.repeat(40) })),
    );
  } finally {
    await database.drop();
  }
} catch (error) {
  process.stdout.write(`PostgreSQL skipped: ${(error as Error).message}\n`);
}

process.stdout.write(
  `\nA reply's answer time by the thread's watchers: ${repliesPerThread} replies one at a time (each after the previous one's notifications are stored) and the time until all of them are; then ${repliesPerThread / 2} back to back, ${pauseMs} ms apart, while earlier fan-outs run\n`,
);
printTable(
  [
    'database',
    'watchers',
    'reply p50 ms',
    'reply p99 ms',
    'all stored p50 ms',
    'back to back p50 ms',
    'back to back p99 ms',
  ],
  rows.map((row) => [
    row.database,
    row.watchers.toLocaleString('en'),
    ms(row.p50),
    ms(row.p99),
    ms(row.storedMs),
    ms(row.busyP50),
    ms(row.busyP99),
  ]),
);
process.exit(0);
