import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { appliedMigrations, type MigrationStep } from './migrations.js';
import { queryRows, type Db } from './query.js';

/**
 * A portable copy of the database's rows: every table of the `public` schema read in one
 * snapshot, each row as PostgreSQL's own JSON of it (`row_to_json`), which PGlite and PostgreSQL
 * write alike and read back with `json_populate_recordset`. Backups, restores and the move from
 * the embedded database to PostgreSQL all go through it (decision 053).
 */
export interface TableShape {
  name: string;
  /** The columns a row is written with: all but generated ones (search vectors). */
  columns: string[];
  /** The primary key (all columns when there is none): rows are read in this order. */
  orderBy: string[];
}

export interface SequenceValue {
  name: string;
  /** null: the sequence was never used. */
  lastValue: string | null;
}

export interface SnapshotReader {
  migrations: MigrationStep[];
  sequences: SequenceValue[];
  /** Every table, parents before the tables whose foreign keys point at them. */
  tables: TableShape[];
  /**
   * The table's rows in key order, as JSON texts, a batch at a time. Generated columns are left
   * out: the database that loads the rows computes them (its version's search vectors).
   */
  rowsOf: (table: TableShape) => AsyncGenerator<string[]>;
}

const batchSize = 500;

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const identList = (names: string[]) =>
  sql.raw(names.map((n) => `"${n.replaceAll('"', '""')}"`).join(', '));

/** The public schema's tables in an order that loads without breaking a foreign key. */
export async function tableShapes(db: Db): Promise<TableShape[]> {
  const columns = await queryRows<{ table: string; column: string; generated: boolean }>(
    db,
    sql`select table_name as "table", column_name as "column", is_generated <> 'NEVER' as generated
        from information_schema.columns
        where table_schema = 'public'
          and table_name in (select table_name from information_schema.tables
                             where table_schema = 'public' and table_type = 'BASE TABLE')
        order by table_name, ordinal_position`,
  );
  const keys = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and c.relnamespace = 'public'::regnamespace
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
  );
  const shapes = new Map<string, TableShape>();
  for (const { table, column, generated } of columns) {
    const shape = shapes.get(table) ?? { name: table, columns: [], orderBy: [] };
    if (!generated) shape.columns.push(column);
    shapes.set(table, shape);
  }
  for (const { table, column } of keys) shapes.get(table)?.orderBy.push(column);
  for (const shape of shapes.values())
    if (shape.orderBy.length === 0) shape.orderBy = shape.columns;

  // Depth-first: a table comes after every table it references.
  const parents = new Map<string, string[]>();
  for (const { child, parent } of references) {
    parents.set(child, [...(parents.get(child) ?? []), parent]);
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    if (visiting.has(name)) throw new Error(`Foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) place(parent);
    visiting.delete(name);
    placed.add(name);
    const shape = shapes.get(name);
    if (shape) ordered.push(shape);
  };
  for (const name of [...shapes.keys()].sort()) place(name);
  return ordered;
}

/**
 * Runs `read` inside one read-only snapshot of the whole database: on PostgreSQL a repeatable
 * read transaction (writers go on meanwhile), on PGlite a transaction, which holds the embedded
 * database's one connection until `read` is done.
 */
export async function withSnapshot<T>(
  database: Database,
  read: (snapshot: SnapshotReader) => Promise<T>,
): Promise<T> {
  return database.db.transaction(async (tx) => {
    const db: Db = tx;
    await db.execute(sql`set transaction isolation level repeatable read, read only`);
    // Timestamps are written in UTC whatever the server's zone, so copies compare byte for byte.
    await db.execute(sql`set local timezone = 'UTC'`);
    const tables = await tableShapes(db);
    const sequences = await queryRows<{ name: string; lastValue: string | null }>(
      db,
      sql`select sequencename as name, last_value::text as "lastValue"
          from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    const migrations = await appliedMigrations(db);
    let cursors = 0;
    async function* rowsOf(table: TableShape): AsyncGenerator<string[]> {
      const cursor = ident(`snapshot_${++cursors}`);
      await db.execute(
        sql`declare ${cursor} no scroll cursor for
            select row_to_json(t)::text as row
            from (select ${identList(table.columns)} from ${ident(table.name)}) t
            order by ${identList(table.orderBy)}`,
      );
      try {
        for (;;) {
          const rows = await queryRows<{ row: string }>(
            db,
            sql`fetch ${sql.raw(String(batchSize))} from ${cursor}`,
          );
          if (rows.length === 0) return;
          yield rows.map((r) => r.row);
          if (rows.length < batchSize) return;
        }
      } finally {
        await db.execute(sql`close ${cursor}`);
      }
    }
    return read({ migrations, sequences, tables, rowsOf });
  });
}

/** The rows of every table, counted and hashed in key order: what a copy must reproduce. */
export async function tableChecksums(
  database: Database,
): Promise<Record<string, { rows: number; sha256: string }>> {
  return withSnapshot(database, async ({ tables, rowsOf }) => {
    const sums: Record<string, { rows: number; sha256: string }> = {};
    for (const table of tables) {
      const hash = createHash('sha256');
      let rows = 0;
      for await (const batch of rowsOf(table)) {
        for (const row of batch) hash.update(row + '\n');
        rows += batch.length;
      }
      sums[table.name] = { rows, sha256: hash.digest('hex') };
    }
    return sums;
  });
}

/** True when the database holds no table and no migration: a restore may write into it. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ tables: number }>(
    db,
    sql`select count(*)::int as tables from information_schema.tables
        where table_schema in ('public', 'drizzle')`,
  );
  return row?.tables === 0;
}

export interface RowSource {
  sequences: SequenceValue[];
  /** The table's rows as JSON texts, a batch at a time; a table not in the copy has none. */
  rowsOf(table: string): AsyncIterable<string[]>;
}

/**
 * Writes a copy's rows into a database migrated to the copy's level, in one transaction: the
 * rows the migrations seeded (the default categories and room) are removed first, every table is
 * filled parents first, and each sequence continues where the copy's did. The one insert
 * trigger, on `posts` (a film's figures, migration 0025), stands aside while
 * `viewpoint.loading_rows` is on: the copy's figures are already right. (The audit log's
 * guards only refuse updates and deletes.)
 */
export async function loadRows(database: Database, source: RowSource): Promise<void> {
  await database.db.transaction(async (tx) => {
    const db: Db = tx;
    await db.execute(sql`select set_config('viewpoint.loading_rows', 'on', true)`);
    const tables = await tableShapes(db);
    if (tables.length > 0) {
      await db.execute(sql`truncate ${identList(tables.map((t) => t.name))}`);
    }
    for (const table of tables) {
      for await (const batch of source.rowsOf(table.name)) {
        const columns = identList(table.columns);
        await db.execute(
          sql`insert into ${ident(table.name)} (${columns}) overriding system value
              select ${columns} from json_populate_recordset(null::${ident(table.name)}, ${'[' + batch.join(',') + ']'}::json)`,
        );
      }
    }
    for (const { name, lastValue } of source.sequences) {
      if (lastValue === null) continue;
      await db.execute(
        sql`select setval(${`public.${name}`}::regclass, ${lastValue}::bigint, true)`,
      );
    }
  });
}
