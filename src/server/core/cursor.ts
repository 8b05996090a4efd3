import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { invalidArgument } from '../../shared/errors.js';
import { singleLineText } from '../../shared/text.js';

/**
 * Opaque page cursors: base64url of the JSON of a page's last row's sort key. A cursor comes
 * back from the client, so every value in it is checked as strictly as PostgreSQL would take
 * it: a forged or garbled cursor answers invalid-argument, never a database error.
 */
export const malformedCursor = () =>
  invalidArgument('This page link is not valid any more: start again from the first page');

/**
 * A time as the database formats it for a cursor (`YYYY-MM-DDTHH:MM:SS.ffffffZ`, microseconds
 * kept: a JS Date would drop them and skip rows written in the same millisecond). Dates such
 * as February 30th or year 0, which PostgreSQL refuses with an error, are refused here.
 */
const timestampPattern = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const cursorTimestamp = z.string().refine((value) => {
  if (!timestampPattern.test(value)) return false;
  const parsed = new Date(`${value.slice(0, 23)}Z`);
  return (
    !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === value.slice(0, 19)
  );
});

/** A time column as a cursor keeps it, in the form `cursorTimestamp` takes back. */
export const cursorTime = (column: SQL | SQL.Aliased | { getSQL(): SQL }) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A cursor's bound in a list kept in (time, id) order. */
export interface TimeBound {
  time: string;
  id: number;
}

/**
 * The rows of `alias` past a (time, id) cursor bound, as `and …` to follow a where clause:
 * older ones in a newest-first list, newer ones in an oldest-first list; nothing without a bound.
 */
export function pastTimeBound(
  alias: string,
  bound: TimeBound | undefined,
  order: 'newest first' | 'oldest first',
): SQL {
  if (!bound) return sql``;
  const row = sql.raw(`(${alias}.created_at, ${alias}.id)`);
  const past = sql.raw(order === 'newest first' ? '<' : '>');
  return sql`and ${row} ${past} (${bound.time}::timestamptz, ${bound.id}::bigint)`;
}

export const cursorRowId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A text key or id (a name, a user id), under the one text rule. */
export const cursorText = singleLineText().min(1).max(200);

export const encodeCursor = (values: unknown) =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw malformedCursor();
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw malformedCursor();
  return parsed.data;
}
