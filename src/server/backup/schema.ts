// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every backup the server took (on its schedule, or asked by `npm run backup`): when it started
 * and ended, its file, or why it failed. A scheduled run claims its period's `slot` (the period's
 * number since 1970), so of several processes sharing the database one takes it. A row with
 * neither `finished_at` nor an error is a backup in progress, or one its process died taking.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    trigger: text('trigger').notNull(),
    slot: bigint('slot', { mode: 'number' }).unique(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
  },
  (table) => [index('backup_runs_time_idx').on(table.startedAt.desc())],
);
