import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../platform/db/database.js';
import {
  claimDueJobs,
  deleteJob,
  insertJobs,
  rescheduleJob,
  type ClaimedJob,
  type NewJob,
} from './jobs-repo.js';
import { afterCommit, type DbOrTx } from './transaction.js';

export type { NewJob } from './jobs-repo.js';

/**
 * Does one job. It must be idempotent: a process that dies after the handler and before the job
 * is deleted leaves it to run again once its lease ends. It should finish well within the lease
 * (`leaseMs`), or another process takes the job over while it still runs. The payload is the
 * stored JSON: parse it (zod) before use. Throwing retries the job later.
 */
export type JobHandler = (
  payload: unknown,
  context: { id: number; attempt: number },
) => Promise<void> | void;

/**
 * Asks for a job in the transaction `tx` of the write it follows, so the job exists exactly when
 * the write committed. Call `jobs.kick()` after the commit to start it at once in this process;
 * otherwise a runner finds it within its poll interval.
 */
export function enqueue(tx: DbOrTx, job: NewJob): Promise<void> {
  return enqueueMany(tx, [job]);
}

/** Set once a transaction that enqueued a job has committed, until the app takes it. */
let committedSinceTaken = false;
const committed = () => {
  committedSinceTaken = true;
};

/**
 * A job asked for inside a larger statement, its payload made from that statement's own rows
 * (`from`: a CTE of the rows just written): `insert into jobs … select payload from …`. One
 * statement writes the change and its job, so both exist exactly when it committed. Run the
 * statement with `queryEnqueuing`.
 */
export function enqueueFrom(kind: string, payload: SQL, from: SQL): SQL {
  return sql`insert into jobs (kind, payload) select ${kind}, ${payload} from ${from}`;
}

/**
 * Runs a statement that may ask for jobs (built with `enqueueFrom`) in `handle` and answers its
 * rows; the runner is woken once it has committed.
 */
export async function queryEnqueuing<T>(handle: DbOrTx, statement: SQL): Promise<T[]> {
  const rows = await queryRows<T>(handle, statement);
  afterCommit(handle, committed);
  return rows;
}

/** Several jobs in one statement (a notification's e-mails to thousands of members). */
export async function enqueueMany(tx: DbOrTx, list: readonly NewJob[]): Promise<void> {
  await insertJobs(tx, list);
  if (list.length > 0) afterCommit(tx, committed);
}

/**
 * Whether a transaction of this process that enqueued a job has committed since the last call
 * (one rolled back does not count): the app kicks its runner once a write that did has
 * answered, so the job starts at once instead of at the next poll, and writes that enqueue
 * nothing cost no look.
 */
export function takeEnqueued(): boolean {
  const was = committedSinceTaken;
  committedSinceTaken = false;
  return was;
}

export interface JobRunnerOptions {
  db: Db;
  handlers?: Record<string, JobHandler>;
  log: Logger;
  /** How often to look for due jobs (other processes' and retries). */
  pollMs: number;
  /** How long a claim lasts; a job still claimed after it is taken over by another runner. */
  leaseMs: number;
  /** Failures before a job is kept as dead. */
  maxAttempts: number;
  /** The first retry's delay, doubled for each further one (at most an hour). */
  backoffMs?: number;
  /** Jobs claimed and run at once. */
  batchSize?: number;
}

export interface JobRunner {
  /** Adds the handler of one kind of job; the runner only claims kinds it has a handler for. */
  register(kind: string, handler: JobHandler): void;
  /** Looks for due jobs now (after enqueuing in this process). */
  kick(): void;
  start(): void;
  /** Stops polling and waits for the jobs in flight. */
  stop(): Promise<void>;
  /** Runs due jobs until none is left; answers how many ran. For tests and the command line. */
  runDue(): Promise<number>;
}

const MAX_BACKOFF_MS = 60 * 60_000;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const handlers = new Map(Object.entries(options.handlers ?? {}));
  const backoffMs = options.backoffMs ?? 5_000;
  const batchSize = options.batchSize ?? 5;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let passAgain = false;

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for the job kind ${job.kind}`);
      await handler(job.payload, { id: job.id, attempt: job.attempt });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = job.attempt >= options.maxAttempts;
      const delayMs = dead ? null : Math.min(backoffMs * 2 ** (job.attempt - 1), MAX_BACKOFF_MS);
      await rescheduleJob(options.db, job, { delayMs, error: message });
      const fields = { err: error, job: { id: job.id, kind: job.kind, attempt: job.attempt } };
      if (dead) options.log.error(fields, 'job failed for good; kept as dead');
      else options.log.warn({ ...fields, retryInMs: delayMs }, 'job failed; retrying later');
      return;
    }
    await deleteJob(options.db, job);
  }

  async function runBatch(): Promise<number> {
    if (handlers.size === 0) return 0;
    const claimed = await claimDueJobs(options.db, {
      kinds: [...handlers.keys()],
      limit: batchSize,
      leaseMs: options.leaseMs,
    });
    // Every job settles before the batch ends, so stop() never leaves one running behind it.
    const settled = await Promise.allSettled(claimed.map(run));
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return claimed.length;
  }

  async function runDue(): Promise<number> {
    let total = 0;
    for (let ran = await runBatch(); ran > 0; ran = await runBatch()) total += ran;
    return total;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (!started) return;
    if (pass) {
      passAgain = true;
      return;
    }
    pass = (async () => {
      while (started) {
        passAgain = false;
        if ((await runBatch()) === 0 && !passAgain) return;
      }
    })()
      .catch((error: unknown) => options.log.error({ err: error }, 'job runner pass failed'))
      .finally(() => {
        pass = undefined;
        if (started) schedule(options.pollMs);
      });
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`The job kind ${kind} already has a handler`);
      handlers.set(kind, handler);
    },
    kick: tick,
    start() {
      if (started) return;
      started = true;
      tick();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await pass;
    },
    runDue,
  };
}
