import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withAfterCommit } from './after-commit.js';
import { startAutovacuum, vacuumEverything, type AutovacuumReport } from './pglite-autovacuum.js';
import { applyMigrations, type MigrationLog } from './migrations.js';
import { preparedStatements } from './pglite-statements.js';
import { namedStatements } from './postgres-statements.js';

import { queryRows, type Db } from './query.js';

export { queryRows, type Db } from './query.js';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations; safe to run twice and from two processes at once. `upTo` stops
   * after the migration of that timestamp (a restore brings an empty database to its copy's
   * level). `log` is told how an upgrade goes, one migration at a time (migrations.ts).
   */
  migrate(options?: { upTo?: number; log?: MigrationLog }): Promise<void>;
  /** Answers when the database can run a query. */
  ping(): Promise<void>;
  /** PostgreSQL's connection pool now (for /metrics); null for PGlite, which has none. */
  poolState(): { total: number; idle: number; waiting: number } | null;
  /**
   * Tells `listener` how long each query the app runs took, in seconds, from the moment the
   * database takes it (PGlite's turn, a pooled connection) to its answer (for /metrics).
   */
  onQuery(listener: QueryListener): void;
  close(): Promise<void>;
}

export type QueryListener = (seconds: number) => void;

/** How a query is timed for the listeners of `onQuery`. */
interface QueryTimer {
  add(this: void, listener: QueryListener): void;
  /**
   * From now: the clock of one query, told to the listeners when called; none while nobody
   * listens (metrics off), so that a query pays nothing for it.
   */
  start(this: void): (() => void) | undefined;
  /** Times the promise `run` answers. */
  time<T>(this: void, run: () => Promise<T>): Promise<T>;
}

function queryTimer(): QueryTimer {
  const listeners: QueryListener[] = [];
  const start = () => {
    if (listeners.length === 0) return undefined;
    const started = performance.now();
    return () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
  };
  return {
    add: (listener) => void listeners.push(listener),
    start,
    time(run) {
      const stop = start();
      const answer = run();
      if (stop) answer.then(stop, stop);
      return answer;
    },
  };
}

/** Any fixed number: the key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_314_159;

/**
 * PGlite in `dataDir` (or in memory when undefined). Only one process may open a directory.
 * `loadDataDir` starts from a dump of another PGlite (the test suite's migrated template).
 * `autovacuum` vacuums the whole database once now, then vacuums and analyses its tables as
 * PostgreSQL's autovacuum would (PGlite runs none: pglite-autovacuum.ts), every `intervalMs`,
 * telling `report` what each round did.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: {
    loadDataDir?: Blob;
    logger?: Logger;
    /** PostgreSQL's shared_buffers, in megabytes (PGlite's own default: 128). */
    buffersMb?: number;
    autovacuum?: { intervalMs: number; report: AutovacuumReport };
  } = {},
): Promise<PgliteDatabase> {
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.buffersMb === undefined
      ? {}
      : {
          startParams: [
            ...PGlite.defaultStartParams,
            '-c',
            `shared_buffers=${String(options.buffersMb)}MB`,
          ],
        }),
  });
  const timer = queryTimer();
  oneQueryPerTurn(client, timer.time);
  if (options.autovacuum) {
    const { report } = options.autovacuum;
    // Reported, never fatal: the server starts without it and the rounds follow.
    await vacuumEverything(client).then(
      (done) => report({ done: [done] }),
      (error: unknown) => report({ error }),
    );
  }
  const autovacuum = options.autovacuum && startAutovacuum(client, options.autovacuum);
  const db = withAfterCommit(drizzlePglite(client, { logger: options.logger }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    async migrate(options) {
      await applyMigrations({
        db,
        run: (folder, logger) =>
          migratePglite(drizzlePglite(client, { ...(logger && { logger }) }), {
            migrationsFolder: folder,
          }),
        upTo: options?.upTo,
        log: options?.log,
      });
    },
    async ping() {
      await client.query('select 1');
    },
    poolState: () => null,
    onQuery: timer.add,
    async close() {
      await autovacuum?.stop();
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * PGlite runs each query synchronously on this thread, and queries waiting for one another ran
 * as one chain of promise callbacks: under load a single turn of the event loop ran every
 * waiting request's queries, and Node accepts one new connection per turn, so at 50
 * connections the last one waited seconds to be let in. Queries outside a transaction now take
 * turns: one per turn of the event loop (PGlite runs them one at a time anyway), so the server
 * keeps accepting and reading between them. A text run before is run as a named prepared
 * statement (pglite-statements.ts), inside a transaction as outside one.
 */
function oneQueryPerTurn(client: PGlite, time: QueryTimer['time']) {
  const statements = preparedStatements(client, client.query.bind(client));
  const { query } = statements;
  const transaction = client.transaction.bind(client);
  client.transaction = ((run: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const inTransaction = statements.inTransaction(tx);
      tx.query = ((...args: Parameters<typeof inTransaction>) =>
        time(() => inTransaction(...args))) as typeof inTransaction;
      return run(tx);
    })) as typeof client.transaction;
  const waiting: (() => void)[] = [];
  let running = false;
  const next = () => {
    const go = waiting.shift();
    running = go !== undefined;
    if (go) setImmediate(go);
  };
  client.query = (async (...args: Parameters<typeof query>) => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!running) next();
    });
    try {
      return await time(() => query(...args));
    } finally {
      next();
    }
  }) as typeof client.query;
}

export interface PgliteDatabase extends Database {
  /** The whole data directory as a tar file. */
  dumpDataDir(): Promise<Blob>;
}

/** `logger` sees every query the app runs (the tests count them). */
export async function openPostgres(
  connectionString: string,
  options: { max?: number; logger?: Logger } = {},
): Promise<Database> {
  // The driver is loaded only where PostgreSQL is configured (decision 031: a process loads
  // what it uses); the embedded default never needs it.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A database that does not answer a new connection within 10 s is out of reach: the request
  // is answered 503 (decision 040) instead of waiting for the operating system to give up.
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
  });
  namedStatements(pool);
  const timer = queryTimer();
  timeQueries(pool, timer);
  // An idle client's error (database restarted) must not crash the process; the next query
  // gets a fresh connection and /readyz reports the outage meanwhile.
  pool.on('error', () => undefined);
  const db = withAfterCommit(drizzlePg(pool, { logger: options.logger }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    async migrate(options) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await applyMigrations({
            db: drizzlePg(client, {}),
            run: (folder, logger) =>
              migratePg(drizzlePg(client, { ...(logger && { logger }) }), {
                migrationsFolder: folder,
              }),
            upTo: options?.upTo,
            log: options?.log,
            progress: () => indexBuildProgress(db),
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    onQuery: timer.add,
    poolState: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await pool.end();
    },
  };
}

/**
 * Times each query a pooled connection runs: the pool's own `query` calls its client's with a
 * callback, Drizzle's transactions with none (a promise).
 */
function timeQueries(pool: pg.Pool, timer: QueryTimer): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const stop = timer.start();
      if (!stop) return query(...args);
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (...answer: unknown[]) => {
          stop();
          return (callback as (...answer: unknown[]) => unknown)(...answer);
        };
        return query(...args);
      }
      const result = query(...args);
      // A Query object: answered as it is, untimed.
      if (result instanceof Promise) result.then(stop, stop);
      return result;
    }) as typeof client.query;
  });
}

/** What PostgreSQL says of an index being built now (read on another connection), if any. */
async function indexBuildProgress(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ table: string; phase: string; done: number; total: number }>(
    db,
    sql`select relid::regclass::text as "table", phase,
               blocks_done::float8 as done, blocks_total::float8 as total
        from pg_stat_progress_create_index limit 1`,
  );
  if (!row) return null;
  const share =
    row.total > 0 ? `, ${String(Math.round((100 * row.done) / row.total))}% of its blocks` : '';
  return `building an index on ${row.table}: ${row.phase}${share}`;
}

/** True for PostgreSQL's unique_violation (23505), raw or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  return (
    code(error) === '23505' || code((error as { cause?: unknown } | undefined)?.cause) === '23505'
  );
}
