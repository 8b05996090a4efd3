import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-app.js';
import { openPglite, openPostgres, queryRows } from './database.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

describe('database and migrations', () => {
  it('gives the embedded database the buffer pool it is told', async () => {
    const database = await openPglite(undefined, { buffersMb: 16 });
    try {
      const [row] = await queryRows<{ shared_buffers: string }>(
        database.db,
        sql`show shared_buffers`,
      );
      expect(row?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });

  it('applies the schema with pg_trgm, and migrating again changes nothing', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await database.migrate();
      const user = await buildUser(database.db, { name: 'Agnès Varda' });
      const rows = await queryRows(
        database.db,
        sql`select similarity(${user.name}, 'Agnes Varda') > 0.3 as close`,
      );
      expect(rows).toEqual([{ close: true }]);
    } finally {
      await drop();
    }
  });

  it.skipIf(process.env.DATABASE_URL)(
    'takes one PGlite query per turn of the event loop, so the server keeps reading requests',
    async () => {
      const { database, drop } = await createTestDatabase();
      try {
        // 100 queries queued at once; a timer set meanwhile runs long before the last ends (it
        // waits its millisecond out, however many queries fit in it); queued as one chain of
        // promises, every query would end before it.
        const order: string[] = [];
        const queries = Array.from({ length: 100 }, (_, n) =>
          database.db.execute(sql`select ${n}::int as n`).then(() => order.push(`query ${n}`)),
        );
        const timer = new Promise<void>((resolve) =>
          setTimeout(() => {
            order.push('timer');
            resolve();
          }, 0),
        );
        await Promise.all([...queries, timer]);
        expect(order.indexOf('timer')).toBeLessThan(50);
        // Still in the order asked.
        expect(order.filter((entry) => entry !== 'timer')).toEqual(
          Array.from({ length: 100 }, (_, n) => `query ${n}`),
        );
      } finally {
        await drop();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'lets two processes migrate the same database at once',
    async () => {
      const { database, drop } = await createTestDatabase();
      try {
        const url = new URL(process.env.DATABASE_URL ?? '');
        const [current] = await queryRows<{ name: string }>(
          database.db,
          sql`select current_database() as name`,
        );
        url.pathname = `/${current?.name}`;
        const a = await openPostgres(url.toString(), { max: 1 });
        const b = await openPostgres(url.toString(), { max: 1 });
        await Promise.all([a.migrate(), b.migrate()]);
        const applied = await queryRows(
          a.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const journal = JSON.parse(
          readFileSync(path.join('drizzle', 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        // Each migration applied exactly once, however many processes raced to apply it.
        expect(applied).toEqual([{ n: journal.entries.length }]);
        await Promise.all([a.close(), b.close()]);
      } finally {
        await drop();
      }
    },
  );
});

describe('one process per PGlite data directory', () => {
  it('refuses a second holder while the first is alive', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-lock-'));
    const lock = lockDataDir(dir);
    lock.update({ url: 'http://localhost:3000' });
    // Pretend the lock belongs to another live process (our parent).
    writeFileSync(
      path.join(dir, 'server.lock'),
      JSON.stringify({ pid: process.ppid, url: 'http://localhost:3000', startedAt: '' }),
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      /in use by another Viewpoint process .*http:\/\/localhost:3000/,
    );
    lock.release();
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-lock-'));
    writeFileSync(
      path.join(dir, 'server.lock'),
      JSON.stringify({ pid: 2 ** 22 + 7, startedAt: '' }),
    );
    const lock = lockDataDir(dir);
    lock.release();
  });

  it('makes the migrate CLI refuse while a server holds the directory', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-lock-'));
    writeFileSync(
      path.join(dir, 'server.lock'),
      JSON.stringify({ pid: process.pid, url: 'http://localhost:3000', startedAt: '' }),
    );
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/migrate.ts'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is in use by another Viewpoint process');
  });
});
