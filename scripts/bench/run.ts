// `npm run bench`: throughput and latency of the server's main reads, next to a bare node:http
// server measured in the same run as the ceiling: single URLs first, then real traffic (random
// threads, reply pages and filtered lists read by 1,000 different members, realistic.ts), then
// the pages visitors land on, drawn by the server (pages.ts), then how long the embedded
// database's autovacuum holds it (autovacuum.ts). Each server runs in its own process; the load
// generator (autocannon) runs here. PostgreSQL is measured when BENCH_DATABASE_URL (or
// DATABASE_URL) points at a reachable server, and then through nginx in front of one process
// and of two (nginx.ts).
import os from 'node:os';
import { scryptParameters } from '../../src/server/features/accounts/index.js';
import {
  bareNodeHttp,
  benchDatabase,
  benchSettings,
  measure,
  ms,
  peakRss,
  printTable,
  seedBench,
  signInBenchAccount,
  startViewpoint,
  stop,
  type Row,
} from './harness.js';
import { benchScale } from './scale.js';
import { measureAutovacuum } from './autovacuum.js';
import { measureNginx } from './nginx.js';
import { measurePages, pageConnections, printPageWeights } from './pages.js';
import { measureRealistic } from './realistic.js';
import { measureSearch } from './search-probes.js';

/** BENCH_ONLY=realistic: only the real-traffic and search rows (quicker, while working on them). */
const realisticOnly = process.env.BENCH_ONLY === 'realistic';
/** BENCH_ONLY=pages: only the page rows (and the ceiling), the same way. */
const pagesOnly = process.env.BENCH_ONLY === 'pages';
/** BENCH_ONLY=nginx: only the rows through nginx (and the ceiling), on PostgreSQL. */
const nginxOnly = process.env.BENCH_ONLY === 'nginx';
/** The servers' peak resident memory over each target's whole run (the cached one; pages'). */
const peaks: { target: string; mb: number }[] = [];
const pageRuns: Awaited<ReturnType<typeof measurePages>>[] = [];

/** The page rows, on a server of their own (pages.ts), its peak memory kept as the others'. */
async function pages(label: string, dataEnv: Record<string, string>): Promise<Row[]> {
  const run = await measurePages(label, dataEnv);
  pageRuns.push(run);
  peaks.push({ target: `${label}, pages`, mb: run.peakMb });
  return run.rows;
}

async function viewpoint(label: string, env: Record<string, string>): Promise<Row[]> {
  const dataEnv = { DATA_DIR: benchSettings.dataDir, ...env };
  process.stdout.write(`seeding ${label} (skipped when already seeded)\n`);
  await seedBench(dataEnv);
  if (pagesOnly) return pages(label, dataEnv);
  const rows: Row[] = [];
  const { url, child } = await startViewpoint(dataEnv);
  let forum: Awaited<ReturnType<typeof forumTargets>>;
  try {
    if (realisticOnly) {
      const reader = await signInBenchAccount(url);
      rows.push(...(await measureSearch(label, url, reader.cookie)).rows);
      rows.push(...(await measureRealistic(label, url, reader)));
      peaks.push({ target: label, mb: (await peakRss(child)) / 2 ** 20 });
      return rows;
    }
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
    // Site search: one row per kind of query, at the 20 connections its goal is set at.
    rows.push(...(await measureSearch(label, url, reader.cookie)).rows);
    // Real traffic: random threads, pages and lists, 1,000 members (realistic.ts).
    rows.push(...(await measureRealistic(label, url, reader)));
    peaks.push({ target: label, mb: (await peakRss(child)) / 2 ** 20 });
  } finally {
    await stop(child);
  }
  // The reads again with the list and session caches off: every request runs its
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
  rows.push(...(await pages(label, dataEnv)));
  return rows;
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

const rows: Row[] = [];
rows.push(...(await bareNodeHttp()));
if (!nginxOnly) rows.push(...(await viewpoint('viewpoint (PGlite)', {})));
// With the PGlite server stopped: its autovacuum opens the same directory.
const autovacuum = pagesOnly || nginxOnly ? [] : await measureAutovacuum(benchSettings.dataDir);
const postgres = await benchDatabase();
if (postgres) {
  const dataEnv = { DATA_DIR: benchSettings.dataDir, DATABASE_URL: postgres };
  if (nginxOnly) await seedBench(dataEnv);
  else rows.push(...(await viewpoint('viewpoint (PostgreSQL)', { DATABASE_URL: postgres })));
  // Several processes need one database: the rows through nginx are PostgreSQL's.
  if (!pagesOnly && !realisticOnly) rows.push(...(await measureNginx(dataEnv)));
}

const ceiling = rows[0]?.rps ?? 1;
/** A share of the ceiling: under 1% (a page's is hundredths of one), two figures show. */
function share(fraction: number) {
  const percent = 100 * fraction;
  return `${percent >= 1 || percent === 0 ? percent.toFixed(1) : percent.toPrecision(2)}%`;
}
process.stdout.write(
  `\n${benchSettings.connections} connections (search: 20, pages: ${pageConnections}), ` +
    `${benchSettings.seconds} s per endpoint, ${os.cpus().length} cores\n\n`,
);
process.stdout.write(
  `Sign-in hashes with scrypt N=${scryptParameters.N}, r=${scryptParameters.r}, ` +
    `p=${scryptParameters.p}, ${scryptParameters.keyLength}-byte key (node:crypto, libuv pool of ` +
    `${process.env.UV_THREADPOOL_SIZE ?? 4} threads).\n\n`,
);
if (peaks.length > 0) {
  process.stdout.write(
    `Peak RSS of the server: ${peaks.map((peak) => `${peak.target} ${peak.mb.toFixed(0)} MB`).join(', ')}.\n\n`,
  );
}
printTable(
  ['target', 'path', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx', '% of bare'],
  rows.map((row) => [
    row.target,
    row.label,
    String(row.rps),
    ms(row.p50),
    ms(row.p95),
    ms(row.p99),
    String(row.errors),
    String(row.non2xx),
    share(row.rps / ceiling),
  ]),
);
if (pageRuns.length > 0) printPageWeights(pageRuns);

if (autovacuum.length > 0) {
  process.stdout.write(
    '\nPGlite autovacuum: how long each piece of a round holds the embedded database ' +
      '(requests wait meanwhile)\n\n',
  );
  printTable(
    ['work', 'ms'],
    autovacuum.map((held) => [held.work, ms(held.ms)]),
  );
}
