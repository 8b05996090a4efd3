import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-statements.js';

let client: PGlite;
let statements: ReturnType<typeof preparedStatements>;
let query: ReturnType<typeof preparedStatements>['query'];

beforeAll(async () => {
  client = await PGlite.create();
  statements = preparedStatements(client, client.query.bind(client));
  ({ query } = statements);
  await client.exec(`create table things (
    id serial primary key, name text unique not null, tags text[] not null default '{}',
    at timestamptz, data jsonb)`);
});
afterAll(() => client.close());

const named = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
    (row) => row.name,
  );

describe('named statements on PGlite', () => {
  it('prepares a text the second time it runs, with the same answers as query()', async () => {
    const insert = 'insert into things (name, tags, at, data) values ($1, $2, $3, $4) returning *';
    const at = new Date('2026-01-02T03:04:05.678Z');
    const first = await query<{ id: number; tags: string[]; at: Date; data: unknown }>(insert, [
      'one',
      ['a', 'b'],
      at,
      { deep: [1, 'two'] },
    ]);
    expect(await named()).toEqual([]);
    const second = await query<{ id: number; tags: string[]; at: Date; data: unknown }>(insert, [
      'two',
      ['c'],
      at,
      { deep: null },
    ]);
    expect(await named()).toHaveLength(1);
    expect(first.rows[0]).toMatchObject({ tags: ['a', 'b'], at, data: { deep: [1, 'two'] } });
    expect(second.rows[0]).toMatchObject({ name: 'two', tags: ['c'], at, data: { deep: null } });
    expect(second.fields.map((field) => field.name)).toEqual(first.fields.map((f) => f.name));

    const select = 'select name, at from things where name = any($1::text[]) and at = $2';
    for (let n = 0; n < 3; n += 1) {
      const found = await query<{ name: string }>(select, [['one', 'two'], at]);
      expect(found.rows.map((row) => row.name).sort()).toEqual(['one', 'two']);
    }
    const nulls = await query<{ name: string }>('select $1::text as name', [null]);
    expect((await query<{ name: string }>('select $1::text as name', [null])).rows).toEqual(
      nulls.rows,
    );
    // Rows as arrays, as Drizzle asks for them.
    const arrays = await query<unknown[]>('select id, name from things order by id', [], {
      rowMode: 'array',
    });
    expect(
      (
        await query<unknown[]>('select id, name from things order by id', [], {
          rowMode: 'array',
        })
      ).rows,
    ).toEqual(arrays.rows);
  });

  it("reads with the query's own parsers over the client's, as query() does", async () => {
    // Drizzle's: timestamps stay text; every other type keeps the client's parser.
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
    const text = 'select at, tags, id from things where name = $1';
    const plain = await client.query<unknown[]>(text, ['one'], options);
    for (let n = 0; n < 3; n += 1) {
      const rows = (await query<unknown[]>(text, ['one'], options)).rows;
      expect(rows).toEqual(plain.rows);
      expect(rows[0]).toEqual([expect.any(String), ['a', 'b'], 1]);
    }
    // The client's own parsers are untouched: without the query's, a timestamp is a Date.
    const dated = await query<unknown[]>(text, ['one'], { rowMode: 'array' });
    expect(dated.rows[0]?.[0]).toBeInstanceOf(Date);
  });

  it('fails as query() fails and leaves the database usable', async () => {
    const insert = 'insert into things (name) values ($1)';
    await query(insert, ['dup']);
    await expect(query(insert, ['dup'])).rejects.toMatchObject({ code: '23505' });
    await query(insert, ['not a dup']);
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 4 }]);
  });

  it('reads long answers in many pieces, any text and nulls, as query() reads them', async () => {
    // Far more than PGlite hands over at once, with text of two, three and four bytes a letter.
    const text = `select n, case when n % 7 = 0 then null else repeat('é€😀', n % 50) end as words
      from generate_series(1, $1::int) as n`;
    const plain = await client.query<{ n: number; words: string | null }>(text, [3000]);
    for (let n = 0; n < 2; n += 1) {
      const rows = (await query<{ n: number; words: string | null }>(text, [3000])).rows;
      expect(rows).toEqual(plain.rows);
    }
    expect(plain.rows[6]).toEqual({ n: 7, words: null });
    expect(plain.rows[1]).toEqual({ n: 2, words: 'é€😀é€😀' });
  });

  it('answers with its notices and fails on an error in the middle of its rows', async () => {
    await client.exec(`create function noisy(n int) returns int language plpgsql as $$
      begin raise notice 'counting %', n; return 10 / n; end $$`);
    const text = 'select noisy(n) as tenth from generate_series($1::int, 3) as n';
    for (let n = 0; n < 2; n += 1) {
      expect((await query<{ tenth: number }>(text, [1])).rows).toEqual([
        { tenth: 10 },
        { tenth: 5 },
        { tenth: 3 },
      ]);
    }
    await expect(query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await query<{ tenth: number }>(text, [2])).rows).toEqual([{ tenth: 5 }, { tenth: 3 }]);
  });

  it('prepares afresh when the table under a statement changed', async () => {
    const all = 'select * from things where id = $1';
    await query(all, [1]);
    await query(all, [1]);
    await client.exec('alter table things add column extra text');
    // PostgreSQL may refuse the old statement once ("cached plan must not change result type").
    await query(all, [1]).catch(() => undefined);
    const after = await query<Record<string, unknown>>(all, [1]);
    expect(after.rows[0]).toHaveProperty('extra', null);
  });

  it('keeps at most 200 statements, closing the least recently used', async () => {
    for (let n = 0; n < 230; n += 1) {
      const text = `select ${n} + $1::int as n`;
      await query(text, [1]);
      expect((await query<{ n: number }>(text, [1])).rows).toEqual([{ n: n + 1 }]);
    }
    expect((await named()).length).toBeLessThanOrEqual(200);
  });

  it('waits for a transaction in progress, as query() does', async () => {
    const text = 'select count(*)::int as n from things where name = $1';
    await query(text, ['late']);
    // The transaction holds its insert open until the count has been asked for.
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into things (name) values ('late')");
      entered();
      await held;
    });
    await inside;
    const asked = query<{ n: number }>(text, ['late']);
    release();
    const counted = await asked;
    await transaction;
    expect(counted.rows).toEqual([{ n: 1 }]);
  });

  it("runs a transaction's repeated texts as named statements, and rolls back as query() does", async () => {
    const insert = 'insert into things (name) values ($1) returning name';
    for (const name of ['tx one', 'tx two']) {
      const inserted = await client.transaction(async (tx) =>
        statements.inTransaction(tx)<{ name: string }>(insert, [name]),
      );
      expect(inserted.rows).toEqual([{ name }]);
    }
    const prepared = await client.query(
      'select 1 from pg_prepared_statements where statement = $1',
      [insert],
    );
    expect(prepared.rows).toHaveLength(1);
    // A failing run inside a transaction fails it: its earlier writes are rolled back.
    await expect(
      client.transaction(async (tx) => {
        const inTx = statements.inTransaction(tx);
        await inTx(insert, ['tx three']);
        await inTx(insert, ['tx one']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await client.transaction(async (tx) => {
      await statements.inTransaction(tx)(insert, ['tx four']);
    });
    const names = await client.query<{ name: string }>(
      "select name from things where name like 'tx %' order by id",
    );
    expect(names.rows.map((row) => row.name)).toEqual(['tx one', 'tx two', 'tx four']);
    // Refused once the transaction is over, as the transaction's own query() is.
    let finished: PGliteTransaction | undefined;
    await client.transaction(async (tx) => {
      finished = tx;
      await Promise.resolve();
    });
    await expect(
      statements.inTransaction(finished as PGliteTransaction)(insert, ['late']),
    ).rejects.toThrow('Transaction is closed');
  });
});
