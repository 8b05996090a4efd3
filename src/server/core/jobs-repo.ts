import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { jobs } from './schema.js';
import type { DbOrTx } from './transaction.js';

export interface NewJob {
  kind: string;
  /** Stored as JSON: plain values only (no Date, Map, undefined). */
  payload: unknown;
  /** Not before this time; now by default. */
  runAt?: Date;
  /** While a job with this key waits, enqueuing the same key again does nothing. */
  dedupeKey?: string;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** This claim's number, 1 for the first run; the token the settling writes check. */
  attempt: number;
}

const jobRow = (job: NewJob) => ({
  kind: job.kind,
  payload: job.payload,
  ...(job.runAt ? { runAt: job.runAt } : {}),
  ...(job.dedupeKey === undefined ? {} : { dedupeKey: job.dedupeKey }),
});

/** Inserts jobs, a few thousand rows a statement (PostgreSQL takes 65,535 parameters). */
export async function insertJobs(tx: DbOrTx, list: readonly NewJob[]): Promise<void> {
  for (let start = 0; start < list.length; start += 2_000) {
    await tx
      .insert(jobs)
      .values(list.slice(start, start + 2_000).map(jobRow))
      .onConflictDoNothing({ target: jobs.dedupeKey });
  }
}

/**
 * Takes up to `limit` due jobs of the given kinds for `leaseMs`. SKIP LOCKED lets several
 * processes claim at once without waiting on or taking each other's rows; a job whose lease ran
 * out (its process died) is due again.
 */
export async function claimDueJobs(
  db: Db,
  options: { kinds: string[]; limit: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, options.kinds),
        // Repeats the partial index's predicate so the planner may use it.
        lt(jobs.runAt, sql`'infinity'`),
        lte(jobs.runAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({
      lockedUntil: sql`now() + ${options.leaseMs} * interval '1 millisecond'`,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempt: jobs.attempts });
  return claimed.sort((a, b) => a.id - b.id);
}

const stillClaimed = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempt));

/** Done: gone, unless another runner took it over meanwhile (then that runner settles it). */
export async function deleteJob(db: Db, job: ClaimedJob): Promise<void> {
  await db.delete(jobs).where(stillClaimed(job));
}

/** Failed: due again after `delayMs`, or never (`delayMs` null: kept as dead). */
export async function rescheduleJob(
  db: Db,
  job: ClaimedJob,
  options: { delayMs: number | null; error: string },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      runAt:
        options.delayMs === null
          ? sql`'infinity'`
          : sql`now() + ${options.delayMs} * interval '1 millisecond'`,
      lockedUntil: null,
      lastError: options.error,
    })
    .where(stillClaimed(job));
}

/**
 * The queue at a glance (for /metrics and the Status page): jobs due now, waiting later and dead
 * (failed too often), and how long the oldest
 * due job has waited, in seconds (0 when none is due).
 */
export async function queueState(
  db: Db,
): Promise<{ due: number; later: number; dead: number; oldestDueSeconds: number }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${jobs.runAt} <= now())::int`,
      later: sql<number>`count(*) filter (where ${jobs.runAt} > now() and ${jobs.runAt} < 'infinity')::int`,
      dead: sql<number>`count(*) filter (where ${jobs.runAt} = 'infinity')::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.runAt} <= now())), 0)::float8`,
    })
    .from(jobs);
  return {
    due: row?.due ?? 0,
    later: row?.later ?? 0,
    dead: row?.dead ?? 0,
    oldestDueSeconds: row?.oldest ?? 0,
  };
}
