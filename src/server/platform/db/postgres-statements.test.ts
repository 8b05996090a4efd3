import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatements } from './postgres-statements.js';

// One connection, so every query meets the statements prepared by the ones before it.
describe.runIf(process.env.DATABASE_URL)('named statements on PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    namedStatements(pool);
  });
  afterAll(() => pool.end());

  const prepared = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows
      .map((row) => row.statement)
      .filter((statement) => statement.includes('/* named test */'));

  it('names a text the second time it runs, with the same answers', async () => {
    const text = 'select $1::int + 1 as n /* named test */';
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await pool.query({ text, values: [n] })).rows);
    expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
    expect(await prepared()).toEqual([text]);
    // Rows as arrays, as Drizzle asks for them, and a text run once stays unnamed.
    const once = 'select $1::text as t /* named test */ -- once';
    const rows = await pool.query({ text: once, values: ['x'], rowMode: 'array' });
    expect(rows.rows).toEqual([['x']]);
    expect(await prepared()).toEqual([text]);
  });

  it('fails as before and keeps the connection usable, in a transaction too', async () => {
    const text = 'select 10 / $1::int as tenth /* named test */';
    await pool.query({ text, values: [5] });
    await pool.query({ text, values: [5] });
    await expect(pool.query({ text, values: [0] })).rejects.toMatchObject({ code: '22012' });
    const client = await pool.connect();
    try {
      await client.query('begin');
      expect((await client.query({ text, values: [2] })).rows).toEqual([{ tenth: 5 }]);
      await expect(client.query({ text, values: [0] })).rejects.toMatchObject({ code: '22012' });
      await client.query('rollback');
      expect((await client.query({ text, values: [10] })).rows).toEqual([{ tenth: 1 }]);
    } finally {
      client.release();
    }
  });

  it('names a text afresh once a change to its table made PostgreSQL refuse it', async () => {
    // In a transaction, as a failed query outside one closes its connection (pg-pool).
    const table = `changing_${process.pid}_${Date.now()}`;
    await pool.query(`create table ${table} (a int)`);
    const client = await pool.connect();
    try {
      await client.query(`insert into ${table} values (1)`);
      const text = `select * from ${table} where a = $1 /* named test */`;
      for (let n = 0; n < 2; n += 1) {
        expect((await client.query({ text, values: [1] })).rows).toEqual([{ a: 1 }]);
      }
      await client.query(`alter table ${table} add column b text`);
      await client.query('begin');
      await expect(client.query({ text, values: [1] })).rejects.toMatchObject({ code: '0A000' });
      await client.query('rollback');
      await client.query({ text, values: [1] });
      expect((await client.query({ text, values: [1] })).rows).toEqual([{ a: 1, b: null }]);
    } finally {
      client.release();
      await pool.query(`drop table ${table}`);
    }
  });

  it('names at most 500 texts; later ones run unnamed and answer the same', async () => {
    for (let n = 0; n < 520; n += 1) {
      const text = `select ${n} + $1::int as n /* named test */`;
      await pool.query({ text, values: [1] });
      expect((await pool.query({ text, values: [1] })).rows).toEqual([{ n: n + 1 }]);
    }
    const named = await prepared();
    expect(named.length).toBeLessThanOrEqual(500);
    expect(named).toContain('select 0 + $1::int as n /* named test */');
    expect(named).not.toContain('select 519 + $1::int as n /* named test */');
  });
});
