import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from '../platform/db/database.js';
import * as schema from '../schema.js';
import { auditLog, uploads } from '../schema.js';
import { settleJobs } from './factories.js';
import type { TestApp } from './test-app.js';

/** What the database and the storage hold, to show that a refused request changed nothing. */

export async function rowCount(t: TestApp, table: PgTable): Promise<number> {
  const [row] = await t.platforms.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** Counts of every forum table, to show a refused request changed nothing. */
export async function forumCounts(t: TestApp, tables: Record<string, PgTable>) {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = await rowCount(t, table);
  return counts;
}

/** The audit entries about one target, oldest first. */
export function auditOf(t: TestApp, type: string, id: string | number) {
  return t.platforms.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);
}

export async function storedState(t: TestApp) {
  const names = await readdir(path.join(t.config.dataDir, 'uploads'));
  const [row] = await t.platforms.database.db.select({ rows: count() }).from(uploads);
  return { files: names.filter((name) => !name.startsWith('.')).sort(), rows: row?.rows ?? 0 };
}

/**
 * A digest of every row of every table but `sessions` (a signed-in request may slide its own
 * session), to show that a refused request changed nothing, not even a row in place.
 *
 * The app's job runner works in the background, so due jobs are run first and the queue is
 * told by how many jobs were ever enqueued (its identity's last value): a job an earlier write
 * asked for, taken between two digests, then changes neither, and one a refused request
 * enqueued still shows.
 */
export async function databaseDigest(t: TestApp): Promise<Record<string, string>> {
  await settleJobs(t);
  const [queue] = await queryRows<{ enqueued: string }>(
    t.platforms.database.db,
    sql`select last_value::text as enqueued from jobs_id_seq`,
  );
  const digests: Record<string, string> = { 'jobs enqueued': queue?.enqueued ?? '' };
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || table === schema.sessions || table === schema.jobs) continue;
    const [row] = await queryRows<{ digest: string }>(
      t.platforms.database.db,
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${table} r`,
    );
    digests[getTableName(table)] = row?.digest ?? '';
  }
  return digests;
}
