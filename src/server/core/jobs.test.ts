import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type Database, type Db } from '../platform/db/database.js';
import { jobs } from '../schema.js';
import { createPostgresDatabase } from '../test/server-process.js';
import { createTestApp, createTestDatabase } from '../test/test-app.js';
import {
  createJobRunner,
  enqueue,
  enqueueFrom,
  queryEnqueuing,
  takeEnqueued,
  type JobHandler,
  type JobRunnerOptions,
} from './jobs.js';

/**
 * The durable job queue: a job exists exactly when the write that asked for it committed, runs
 * once when it succeeds, is retried with growing delays and then kept as dead when it keeps
 * failing, and is taken over when the process running it stopped before finishing.
 */

let database: Database;
let drop: () => Promise<void>;
let db: Db;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  db = database.db;
});
afterAll(() => drop());
beforeEach(async () => {
  await db.delete(jobs);
});

const logLines: { level: number; msg: string }[] = [];
const log = pino(
  { level: 'warn' },
  { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) },
);

function runner(handlers: Record<string, JobHandler>, options: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({
    db,
    handlers,
    log,
    pollMs: 60_000,
    leaseMs: 60_000,
    maxAttempts: 3,
    ...options,
  });
}

/** A promise with its resolver, to hold a handler mid-job. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function jobRows() {
  return queryRows<{
    id: number;
    attempts: number;
    last_error: string | null;
    locked: boolean;
    dead: boolean;
    due_in_s: number | null;
  }>(
    db,
    sql`select id::int, attempts, last_error, locked_until > now() as locked,
          run_at = 'infinity' as dead,
          case when run_at < 'infinity' then extract(epoch from run_at - now())::float end as due_in_s
        from jobs order by id`,
  );
}

const makeDue = () => db.update(jobs).set({ runAt: sql`now()` });

describe('enqueue', () => {
  it('leaves no job when the transaction that asked for it rolls back', async () => {
    const ran: unknown[] = [];
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'greet', payload: { to: 'ana' } });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await jobRows()).toEqual([]);
    expect(await runner({ greet: (payload) => void ran.push(payload) }).runDue()).toBe(0);
    expect(ran).toEqual([]);
  });

  it('runs a committed job once with its payload and deletes it', async () => {
    const ran: unknown[] = [];
    await db.transaction((tx) => enqueue(tx, { kind: 'greet', payload: { to: 'ana' } }));
    const jobsRunner = runner({ greet: (payload) => void ran.push(payload) });
    expect(await jobsRunner.runDue()).toBe(1);
    expect(await jobsRunner.runDue()).toBe(0);
    expect(ran).toEqual([{ to: 'ana' }]);
    expect(await jobRows()).toEqual([]);
  });

  it('keeps one waiting job per dedupe key', async () => {
    await enqueue(db, { kind: 'greet', payload: 1, dedupeKey: 'greet:ana' });
    await enqueue(db, { kind: 'greet', payload: 2, dedupeKey: 'greet:ana' });
    await enqueue(db, { kind: 'greet', payload: 3 });
    const ran: unknown[] = [];
    await runner({ greet: (payload) => void ran.push(payload) }).runDue();
    expect(ran).toEqual([1, 3]);
  });

  it('waits for runAt, and leaves kinds this runner has no handler for', async () => {
    await enqueue(db, { kind: 'greet', payload: 1, runAt: new Date(Date.now() + 3_600_000) });
    await enqueue(db, { kind: 'other', payload: 2 });
    expect(await runner({ greet: () => undefined }).runDue()).toBe(0);
    expect(await jobRows()).toHaveLength(2);
  });
});

describe('waking the runner', () => {
  // The app kicks its runner after an answer when takeEnqueued() says a job was enqueued.
  beforeEach(() => void takeEnqueued());

  it('only once the transaction that enqueued commits: never for one rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'greet', payload: 'nobody' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(takeEnqueued()).toBe(false);

    await db.transaction(async (tx) => {
      await enqueue(tx, { kind: 'greet', payload: 'ana' });
      // Not yet: a runner woken now would look before the job is there to be seen.
      expect(takeEnqueued()).toBe(false);
    });
    expect(takeEnqueued()).toBe(true);
    expect(takeEnqueued()).toBe(false);
  });

  it('waits for the outermost commit of a savepoint, and forgets one rolled back', async () => {
    await db.transaction(async (tx) => {
      await expect(
        tx.transaction(async (inner) => {
          await enqueue(inner, { kind: 'greet', payload: 'nobody' });
          inner.rollback();
        }),
      ).rejects.toThrow();
    });
    expect(takeEnqueued()).toBe(false);

    await db.transaction(async (tx) => {
      await tx.transaction((inner) => enqueue(inner, { kind: 'greet', payload: 'ana' }));
      expect(takeEnqueued()).toBe(false);
    });
    expect(takeEnqueued()).toBe(true);
  });

  it('once a statement that enqueues from its own rows has run, not when it is built', async () => {
    const statement = sql`with greeted as (select 'ana' as name) ${enqueueFrom(
      'greet',
      sql`to_jsonb(name)`,
      sql`greeted`,
    )}`;
    expect(takeEnqueued()).toBe(false);
    await queryEnqueuing(db, statement);
    expect(takeEnqueued()).toBe(true);
    expect((await jobRows()).length).toBe(1);
  });

  it("starts a committed job as the app's next answer is sent, without waiting for a poll", async () => {
    const ran: unknown[] = [];
    const t = await createTestApp({
      serveWeb: false,
      extend: (app) => app.jobs.register('greet', (payload) => void ran.push(payload)),
    });
    try {
      await t.app.ready();
      const appDb = t.platforms.database.db;
      await expect(
        appDb.transaction(async (tx) => {
          await enqueue(tx, { kind: 'greet', payload: 'nobody' });
          tx.rollback();
        }),
      ).rejects.toThrow();
      await appDb.transaction((tx) => enqueue(tx, { kind: 'greet', payload: 'ana' }));
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await expect.poll(() => ran, { timeout: 1_500 }).toEqual(['ana']);
    } finally {
      await t.close();
    }
  });
});

describe('a failing job', () => {
  it('is retried with a doubling delay, then kept as dead with its error', async () => {
    logLines.length = 0;
    let calls = 0;
    const jobsRunner = runner(
      {
        greet: () => {
          calls += 1;
          throw new Error(`mail refused ${calls}`);
        },
      },
      { backoffMs: 60_000, maxAttempts: 3 },
    );
    await enqueue(db, { kind: 'greet', payload: {} });

    expect(await jobsRunner.runDue()).toBe(1);
    let [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 1, last_error: 'mail refused 1', locked: null });
    expect(row?.due_in_s).toBeGreaterThan(55);
    expect(row?.due_in_s).toBeLessThanOrEqual(60);
    expect(await jobsRunner.runDue()).toBe(0);

    await makeDue();
    await jobsRunner.runDue();
    [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 2, last_error: 'mail refused 2', dead: false });
    expect(row?.due_in_s).toBeGreaterThan(115);
    expect(row?.due_in_s).toBeLessThanOrEqual(120);

    await makeDue();
    await jobsRunner.runDue();
    [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 3, last_error: 'mail refused 3', dead: true });
    expect(await jobsRunner.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(logLines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'job failed; retrying later'],
      [40, 'job failed; retrying later'],
      [50, 'job failed for good; kept as dead'],
    ]);
  });
});

describe('a job whose lease ran out', () => {
  it('is taken over, and the first runner finishing late changes nothing', async () => {
    const first = gate();
    const second = gate();
    const started: string[] = [];
    const holdThen = (name: string, held: Promise<void>) => async () => {
      started.push(name);
      await held;
    };
    const a = runner({ greet: holdThen('a', first.opened) });
    const b = runner({ greet: holdThen('b', second.opened) });
    await enqueue(db, { kind: 'greet', payload: {} });

    const aRun = a.runDue();
    await expect.poll(() => started).toEqual(['a']);
    expect(await b.runDue()).toBe(0);
    // The process running it died: its lease ends.
    await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` });
    const bRun = b.runDue();
    await expect.poll(() => started).toEqual(['a', 'b']);

    first.open();
    await aRun;
    expect(await jobRows()).toMatchObject([{ attempts: 2, locked: true }]);
    second.open();
    expect(await bRun).toBe(1);
    expect(await jobRows()).toEqual([]);
  });
});

describe('a started runner', () => {
  it('runs a job on kick, and stop waits for the job in flight', async () => {
    const held = gate();
    const started: number[] = [];
    const jobsRunner = runner({
      greet: async (payload) => {
        started.push(Number(payload));
        await held.opened;
      },
    });
    jobsRunner.start();
    await enqueue(db, { kind: 'greet', payload: 7 });
    jobsRunner.kick();
    await expect.poll(() => started).toEqual([7]);
    let stopped = false;
    const stopping = jobsRunner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(await jobRows()).toEqual([]);
  });

  it('is started with the app, which features add handlers to', async () => {
    const ran: unknown[] = [];
    const t = await createTestApp({
      serveWeb: false,
      extend: (app) => app.jobs.register('greet', (payload) => void ran.push(payload)),
    });
    try {
      await enqueue(t.platforms.database.db, { kind: 'greet', payload: 'hello' });
      t.app.jobs.kick();
      await expect.poll(() => ran).toEqual(['hello']);
    } finally {
      await t.close();
    }
  });
});

// Two processes sharing one queue need two connections to one database: PGlite in memory is
// one connection in one process, so this runs on the PostgreSQL pass only.
const databaseServer = process.env.DATABASE_URL;
describe.skipIf(!databaseServer)('two runners on one PostgreSQL database', () => {
  let dropShared: (() => Promise<void>) | undefined;
  const pools: Database[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    await dropShared?.();
  });

  it('run each of 200 jobs exactly once between them', async () => {
    if (!databaseServer) return;
    const shared = await createPostgresDatabase(databaseServer);
    dropShared = shared.drop;
    pools.push(
      await openPostgres(shared.url, { max: 3 }),
      await openPostgres(shared.url, { max: 3 }),
    );
    const [one, two] = pools;
    if (!one || !two) throw new Error('two pools');
    await one.migrate();
    await one.db
      .insert(jobs)
      .values(Array.from({ length: 200 }, (_, n) => ({ kind: 'count', payload: n })));

    const runs: number[] = [];
    const count: JobHandler = async (payload) => {
      await new Promise((resolve) => setImmediate(resolve));
      runs.push(Number(payload));
    };
    const runnerOn = (pool: Database) =>
      createJobRunner({
        db: pool.db,
        handlers: { count },
        log,
        pollMs: 60_000,
        leaseMs: 60_000,
        maxAttempts: 3,
      });
    const [ranOne, ranTwo] = await Promise.all([runnerOn(one).runDue(), runnerOn(two).runDue()]);

    expect(runs).toHaveLength(200);
    expect(new Set(runs).size).toBe(200);
    expect((ranOne ?? 0) + (ranTwo ?? 0)).toBe(200);
    expect(ranOne).toBeGreaterThan(0);
    expect(ranTwo).toBeGreaterThan(0);
    expect(await one.db.select().from(jobs).where(eq(jobs.kind, 'count'))).toEqual([]);
  });
});
