// `npm run bench:search`: site search on the benchmark's seed (100,000 threads, 1,000,000
// replies of Zipf-distributed words), on PGlite and on PostgreSQL, 20 connections by default.
// Each row is one kind of query, each request a different query of that kind (single words,
// two words, phrases, rare words, misspelt people, the quick search, a moderator's search);
// the table gives requests/s, p50/p95/p99, failures, what the queries find and the server's
// peak memory. The goal on PostgreSQL: p95 under 50 ms for every kind.
//
//   BENCH_DATA_DIR=/tmp/vp-bench BENCH_DATABASE_URL=postgres://… npm run bench:search
import os from 'node:os';
import {
  bareNodeHttp,
  benchDatabase,
  benchSettings,
  ms,
  peakRss,
  printTable,
  seedBench,
  signInBenchAccount,
  startViewpoint,
  stop,
  type Row,
} from './harness.js';
import { measureSearch, type Findings } from './search-probes.js';

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
};
const goalMs = 50;

interface Measured {
  rows: Row[];
  findings: Findings[];
  peakMb: number;
}

async function searchOn(label: string, dataEnv: Record<string, string>): Promise<Measured> {
  process.stdout.write(`seeding ${label} (skipped when already seeded)\n`);
  await seedBench(dataEnv);
  process.stdout.write(`measuring search on ${label}\n`);
  const { url, child } = await startViewpoint(dataEnv);
  try {
    const moderator = await signInBenchAccount(url);
    const { rows, findings } = await measureSearch(label, url, moderator.cookie, settings);
    return { rows, findings, peakMb: (await peakRss(child)) / 2 ** 20 };
  } finally {
    await stop(child);
  }
}

const ceiling = await bareNodeHttp(settings);
const measured: Measured[] = [await searchOn('PGlite', { DATA_DIR: benchSettings.dataDir })];
const postgres = await benchDatabase();
if (postgres) measured.push(await searchOn('PostgreSQL', { DATABASE_URL: postgres }));

process.stdout.write(
  `\n${settings.connections} connections, ${settings.seconds} s per row after a 1 s warm-up, ` +
    `${os.cpus().length} cores; load client on the same machine. Bare node:http: ` +
    `${ceiling[0]?.rps ?? 0} req/s. Alone: the median time of the row's first queries asked one ` +
    `at a time. Hits: the median count of the row's tab over those queries ("+": more than ` +
    `search ranks), and how many of them found nothing.\n\n`,
);
const lines: string[][] = [];
for (const { rows, findings, peakMb } of measured) {
  rows.forEach((row, index) => {
    const found = findings[index];
    lines.push([
      row.target,
      row.label,
      found ? ms(found.aloneP50) : '–',
      String(row.rps),
      ms(row.p50),
      ms(row.p95),
      ms(row.p99),
      String(row.errors),
      String(row.non2xx),
      found ? found.median : '–',
      found ? `${found.none}/${found.sampled}` : '–',
      index === 0 ? peakMb.toFixed(0) : '',
    ]);
  });
}
printTable(
  [
    'database',
    'query',
    'alone p50 ms',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'hits (median)',
    'none found',
    'peak RSS MB',
  ],
  lines,
);
const missed = measured
  .flatMap((entry) => entry.rows)
  .filter((row) => row.target === 'PostgreSQL' && !(row.p95 < goalMs));
process.stdout.write(
  postgres
    ? missed.length === 0
      ? `\nEvery kind is under the goal on PostgreSQL (p95 < ${goalMs} ms).\n`
      : `\nOver the goal on PostgreSQL (p95 ≥ ${goalMs} ms): ${missed.map((row) => row.label).join(', ')}.\n`
    : '',
);
