import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPglite, queryRows } from './database.js';
import {
  startAutovacuum,
  vacuumWhatIsDue,
  type AutovacuumReport,
  type Maintained,
} from './pglite-autovacuum.js';

let client: PGlite;

beforeEach(async () => {
  client = await PGlite.create();
});
afterEach(() => client.close());

/** A table of `rows` rows, vacuumed and analysed: settled, as autovacuum would leave it. */
async function settledTable(name: string, rows: number) {
  await client.exec(`
    create table ${name} (id int primary key, note text);
    insert into ${name} select n, 'note ' || n from generate_series(1, ${rows}) n;`);
  // Counted before the vacuum, which starts the counts afresh; one statement, as VACUUM cannot
  // run in the transaction a list of statements makes.
  await reportCounts();
  await client.exec(`vacuum (analyze) ${name}`);
}

/** PostgreSQL counts a transaction's changes when it next reports, at most once a second. */
async function reportCounts() {
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select 1');
}

interface Counts {
  relname: string;
  n_dead_tup: number;
  vacuum_count: number;
  analyze_count: number;
}

async function counts(): Promise<Record<string, Counts>> {
  const { rows } = await client.query<Counts>(
    `select relname, n_dead_tup::int, vacuum_count::int, analyze_count::int
     from pg_stat_user_tables`,
  );
  return Object.fromEntries(rows.map((row) => [row.relname, row]));
}

/** Only this test's tables: PGlite's own catalogs may be due as well. */
const publicTables = (done: Maintained[]) =>
  done
    .filter(({ table }) => table.startsWith('public.'))
    .map(({ table, command }) => ({ table, command }));

describe.skipIf(process.env.DATABASE_URL)('autovacuum for PGlite', () => {
  it('vacuums and analyses each table as autovacuum would decide, and leaves the quiet ones', async () => {
    // 1,000 rows each: vacuumed past 50 + 200 dead rows, analysed past 50 + 100 changed ones.
    await settledTable('emptied', 1_000);
    await settledTable('touched', 1_000);
    await settledTable('quiet', 1_000);
    await client.exec(`
      delete from emptied where id <= 400;
      update touched set note = 'changed' where id <= 200;
      update quiet set note = 'changed' where id <= 20;
      create table filled (id int primary key, note text);
      insert into filled select n, 'note ' || n from generate_series(1, 2000) n;`);
    await reportCounts();
    const before = await counts();

    const started = performance.now();
    const done = await vacuumWhatIsDue(client);
    const roundMs = performance.now() - started;

    expect(publicTables(done)).toEqual([
      // 400 dead rows: vacuumed; 400 changed rows: analysed.
      { table: 'public.emptied', command: 'vacuum (analyze)' },
      // Never vacuumed, 2,000 rows inserted (past 1,000 + 20% of the rows it was known to have).
      { table: 'public.filled', command: 'vacuum (analyze)' },
      // 200 dead rows are below 250; 200 changed rows are past 150.
      { table: 'public.touched', command: 'analyze' },
    ]);
    // Each table's time as measured: whole milliseconds, and together more than nothing (a
    // vacuum is real work) and no more than the round took (rounding aside).
    const times = done.map(({ ms }) => ms);
    for (const ms of times) expect(Number.isInteger(ms) && ms >= 0, `${ms} ms`).toBe(true);
    const total = times.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(roundMs + times.length / 2);
    await reportCounts();
    const after = await counts();
    expect(after.emptied).toMatchObject({
      n_dead_tup: 0,
      vacuum_count: (before.emptied?.vacuum_count ?? 0) + 1,
      analyze_count: (before.emptied?.analyze_count ?? 0) + 1,
    });
    expect(after.touched).toMatchObject({
      n_dead_tup: 200,
      vacuum_count: before.touched?.vacuum_count,
      analyze_count: (before.touched?.analyze_count ?? 0) + 1,
    });
    expect(after.quiet).toEqual(before.quiet);
    // Its statistics gathered: the planner knows the table's size.
    const { rows } = await client.query<{ reltuples: number }>(
      `select reltuples from pg_class where relname = 'filled'`,
    );
    expect(rows[0]?.reltuples).toBe(2_000);

    // Nothing is due again until more changes.
    expect(publicTables(await vacuumWhatIsDue(client))).toEqual([]);
  });

  it('waits for a transaction under way: VACUUM cannot run inside one', async () => {
    await settledTable('emptied', 1_000);
    await client.exec('delete from emptied where id <= 400');
    await reportCounts();
    let finish = () => {};
    const open = new Promise<void>((resolve) => (finish = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`update emptied set note = 'in a transaction' where id = 500`);
      await open;
    });
    const round = vacuumWhatIsDue(client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish();
    await transaction;
    expect(publicTables(await round)).toEqual([
      { table: 'public.emptied', command: 'vacuum (analyze)' },
    ]);
    const { rows } = await client.query<{ note: string }>(
      'select note from emptied where id = 500',
    );
    expect(rows[0]?.note).toBe('in a transaction');
  });

  it('runs a round every interval, reports what it did, and stops when asked', async () => {
    await settledTable('emptied', 1_000);
    await client.exec('delete from emptied where id <= 400');
    await reportCounts();
    // Stopped before it begins a table, a round leaves them all for the next one.
    const stopping = new AbortController();
    stopping.abort();
    expect(await vacuumWhatIsDue(client, stopping.signal)).toEqual([]);

    const reports: Parameters<AutovacuumReport>[0][] = [];
    const autovacuum = startAutovacuum(client, {
      intervalMs: 10,
      report: (outcome) => reports.push(outcome),
    });
    await vi.waitFor(() => expect(reports.length).toBeGreaterThan(0));
    expect(reports[0]).toMatchObject({
      done: expect.arrayContaining([
        { table: 'public.emptied', command: 'vacuum (analyze)', ms: expect.any(Number) },
      ]) as unknown,
    });
    await autovacuum.stop();
    const reported = reports.length;

    // Stopped: more dead rows wait for the next start.
    await client.exec('delete from emptied where id <= 1000');
    await reportCounts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toHaveLength(reported);
    expect(publicTables(await vacuumWhatIsDue(client))).toEqual([
      { table: 'public.emptied', command: 'vacuum (analyze)' },
    ]);
  });

  it('vacuums the whole database as it opens it: PGlite forgot what changed before it closed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-autovacuum-'));
    try {
      const before = await openPglite(path.join(dir, 'db'));
      await before.db.execute(sql`create table emptied (id int primary key)`);
      await before.db.execute(sql`insert into emptied select generate_series(1, 1000)`);
      await before.db.execute(sql`delete from emptied where id <= 400`);
      await before.close();

      const reports: Parameters<AutovacuumReport>[0][] = [];
      const reopened = await openPglite(path.join(dir, 'db'), {
        autovacuum: { intervalMs: 60_000, report: (outcome) => reports.push(outcome) },
      });
      try {
        expect(reports).toEqual([
          {
            done: [{ table: 'every table', command: 'vacuum', ms: expect.any(Number) as unknown }],
          },
        ]);
        await reopened.db.execute(sql`select pg_stat_force_next_flush()`);
        const [row] = await queryRows<{ vacuum_count: number; n_live_tup: number }>(
          reopened.db,
          sql`select vacuum_count::int, n_live_tup::int from pg_stat_user_tables
            where relname = 'emptied'`,
        );
        expect(row).toEqual({ vacuum_count: 1, n_live_tup: 600 });
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
