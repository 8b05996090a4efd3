import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Logger } from 'drizzle-orm';
import { migrationsFolder } from './migrations-folder.js';
import { queryRows, type Db } from './query.js';

/** One migration as drizzle-kit's journal names it: its file's tag and its timestamp. */
export interface MigrationStep {
  tag: string;
  /** Drizzle records a migration as applied by this number (`created_at`). */
  when: number;
}

interface Journal {
  entries: (MigrationStep & Record<string, unknown>)[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
}

/** Every migration this code knows, oldest first. */
export async function knownMigrations(): Promise<MigrationStep[]> {
  return (await readJournal()).entries.map(({ tag, when }) => ({ tag, when }));
}

/** The steps of these timestamps, oldest first; one this code does not know is `unknown (…)`. */
export async function migrationSteps(whens: number[]): Promise<MigrationStep[]> {
  const known = new Map((await knownMigrations()).map((step) => [step.when, step.tag]));
  return [...whens]
    .sort((a, b) => a - b)
    .map((when) => ({ when, tag: known.get(when) ?? `unknown (${when})` }));
}

/**
 * A migrations folder holding only the migrations up to and including `when`, for bringing an
 * empty database to an older copy's level before its rows go in (the rest run after). The
 * caller removes it with `remove`.
 */
export async function migrationsUpTo(
  when: number,
): Promise<{ folder: string; remove: () => Promise<void> }> {
  const journal = await readJournal();
  const entries = journal.entries.filter((entry) => entry.when <= when);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-migrations-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    await mkdir(path.join(folder, 'meta'));
    await writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries }),
    );
    for (const { tag } of entries) {
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    return { folder, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * The migrations a database has applied, oldest first; one this code does not know (the
 * database was made by a newer version) is named `unknown (<when>)`.
 */
export async function appliedMigrations(db: Db): Promise<MigrationStep[]> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return [];
  const rows = await queryRows<{ when: string }>(
    db,
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations`,
  );
  return migrationSteps(rows.map((row) => Number(row.when)));
}

/** Where an upgrade tells the operator what it does (the server's logger). */
export interface MigrationLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/** What a statement does that takes longer the more rows a table holds. */
export interface HeavyWork {
  table: string;
  work: 'rewrites' | 'updates' | 'copies' | 'indexes' | 'checks';
}

const name = String.raw`"?([A-Za-z_][\w$]*)"?`;
/** Each pattern, the work it names, and which of its captures is the table. */
const heavyPatterns: [RegExp, HeavyWork['work'], number][] = [
  [new RegExp(String.raw`^ALTER TABLE (?:ONLY )?${name}.*\bSET DATA TYPE\b`, 'i'), 'rewrites', 1],
  [new RegExp(String.raw`^UPDATE (?:ONLY )?${name}`, 'i'), 'updates', 1],
  [
    new RegExp(String.raw`^INSERT INTO ${name}.*? SELECT .*? FROM (?:ONLY )?${name}`, 'i'),
    'copies',
    2,
  ],
  [
    new RegExp(
      String.raw`^CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?${name} ON (?:ONLY )?${name}`,
      'i',
    ),
    'indexes',
    2,
  ],
  [
    new RegExp(
      String.raw`^ALTER TABLE (?:ONLY )?${name} ADD CONSTRAINT .*\b(?:FOREIGN KEY|CHECK)\b`,
      'i',
    ),
    'checks',
    1,
  ],
];

/** The table a migration statement rewrites, updates, copies, indexes or checks row by row. */
export function heavyWork(statement: string): HeavyWork | null {
  const text = statement.replace(/^(?:\s*--[^\n]*\n)*\s*/, '').replace(/\s+/g, ' ');
  for (const [pattern, work, group] of heavyPatterns) {
    const table = pattern.exec(text)?.[group];
    if (table) return { table, work };
  }
  return null;
}

const statementsOf = (text: string) => text.split('--> statement-breakpoint');

/** PostgreSQL's estimate of each table's rows (a count where it has none yet). */
async function rowsOf(db: Db, tables: string[]): Promise<Map<string, number>> {
  if (tables.length === 0) return new Map();
  const rows = await queryRows<{ table: string; rows: number }>(
    db,
    sql`select relname as "table", reltuples::float8 as rows from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r'
          and relname in (${sql.join(
            tables.map((table) => sql`${table}`),
            sql`, `,
          )})`,
  );
  const counts = new Map<string, number>();
  for (const { table, rows: estimate } of rows) {
    if (estimate >= 0) {
      counts.set(table, Math.round(estimate));
      continue;
    }
    const [counted] = await queryRows<{ rows: number }>(
      db,
      sql`select count(*)::float8 as rows from ${sql.identifier(table)}`,
    );
    counts.set(table, counted?.rows ?? 0);
  }
  return counts;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** How often a running migration says it still runs. */
const heartbeatMs = 10_000;

/**
 * Brings the database to the migrations up to `upTo` (all by default). A new database gets
 * them all at once; an older one is upgraded one migration at a time, each in its own
 * transaction, and `log` is told each step, the tables it rewrites with their rows, each such
 * statement as it starts, how long each took, and every 10 s that a long one still runs (with
 * `progress`: PostgreSQL's own account of an index being built).
 */
export async function applyMigrations(options: {
  db: Db;
  /** Drizzle's migrator on `folder`, telling `logger` each statement it runs. */
  run: (folder: string, logger?: Logger) => Promise<void>;
  upTo?: number | undefined;
  log?: MigrationLog | undefined;
  progress?: () => Promise<string | null>;
}): Promise<void> {
  const { db, run, upTo, log, progress } = options;
  const known = (await knownMigrations()).filter((step) => upTo === undefined || step.when <= upTo);
  const applied = await appliedMigrations(db);
  const last = applied.at(-1);
  const pending = known.filter((step) => step.when > (last?.when ?? 0));
  if (pending.length === 0) return;

  if (last === undefined || !log) {
    const started = performance.now();
    await withMigrationsFolder(upTo, (folder) => run(folder));
    log?.info(
      { migrations: pending.length },
      `Created the database: ${String(pending.length)} migrations in ${seconds(performance.now() - started)}`,
    );
    return;
  }

  log.info(
    { from: last.tag, to: pending.at(-1)!.tag, migrations: pending.length },
    `Upgrading the database from ${last.tag}: ${String(pending.length)} migrations to apply`,
  );
  for (const [index, step] of pending.entries()) {
    const statements = statementsOf(
      await readFile(path.join(migrationsFolder, `${step.tag}.sql`), 'utf8'),
    );
    const heavy = statements.map(heavyWork);
    const rows = await rowsOf(db, [
      ...new Set(heavy.flatMap((work) => (work ? [work.table] : []))),
    ]);
    const described = (work: HeavyWork) =>
      `${work.work} ${work.table} (${(rows.get(work.table) ?? 0).toLocaleString('en')} rows)`;
    const works = [...new Set(heavy.flatMap((work) => (work ? [described(work)] : [])))];
    const where = `migration ${String(index + 1)} of ${String(pending.length)}`;
    log.info(
      { migration: step.tag, step: index + 1, of: pending.length },
      `Applying ${step.tag} (${where})${works.length > 0 ? `: ${works.join(', ')}` : ''}`,
    );

    let current = 0;
    const logger: Logger = {
      logQuery(query) {
        const at = statements.findIndex((statement) => statement.trim() === query.trim());
        if (at < 0) return;
        current = at + 1;
        const work = heavy[at];
        if (work && statements.length > 1) {
          log.info(
            { migration: step.tag, statement: current, of: statements.length },
            `${step.tag}: statement ${String(current)} of ${String(statements.length)} ${described(work)}`,
          );
        }
      },
    };
    const started = performance.now();
    const heartbeat = setInterval(() => {
      void (progress?.() ?? Promise.resolve(null))
        .catch(() => null)
        .then((detail) => {
          log.info(
            { migration: step.tag, statement: current, of: statements.length },
            `${step.tag} is still running: statement ${String(current)} of ${String(statements.length)}, ${seconds(performance.now() - started)} so far${detail ? `; ${detail}` : ''}`,
          );
        });
    }, heartbeatMs);
    heartbeat.unref();
    try {
      await withMigrationsFolder(step.when, (folder) => run(folder, logger));
    } finally {
      clearInterval(heartbeat);
    }
    log.info(
      { migration: step.tag, ms: Math.round(performance.now() - started) },
      `Applied ${step.tag} in ${seconds(performance.now() - started)}`,
    );
  }
}

/** Runs `migrate` on a folder of the migrations up to the one of timestamp `upTo` (or all). */
async function withMigrationsFolder(
  upTo: number | undefined,
  migrate: (folder: string) => Promise<void>,
): Promise<void> {
  if (upTo === undefined) return migrate(migrationsFolder);
  const { folder, remove } = await migrationsUpTo(upTo);
  try {
    await migrate(folder);
  } finally {
    await remove();
  }
}
