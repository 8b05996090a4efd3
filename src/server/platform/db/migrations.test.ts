import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrations-folder.js';
import { openPglite } from './database.js';
import { appliedMigrations, heavyWork, knownMigrations, type MigrationLog } from './migrations.js';

function recordingLog(): MigrationLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (_fields, message) => lines.push(message) };
}

describe('the work a migration statement does row by row', () => {
  it.each([
    [
      'ALTER TABLE "donations" ALTER COLUMN "amount" SET DATA TYPE bigint;',
      'rewrites',
      'donations',
    ],
    ['-- why\nUPDATE "posts" SET "x" = 1;', 'updates', 'posts'],
    [
      'INSERT INTO "thread_views" ("post_id", "views") SELECT "id", "view_count" FROM "posts" WHERE "view_count" > 0;',
      'copies',
      'posts',
    ],
    ['CREATE INDEX "posts_latest_idx" ON "posts" USING btree ("created_at");', 'indexes', 'posts'],
    [
      'ALTER TABLE "thread_views" ADD CONSTRAINT "fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id");',
      'checks',
      'thread_views',
    ],
  ])('%s', (statement, work, table) => {
    expect(heavyWork(statement)).toEqual({ work, table });
  });

  it('is none for a new table, a dropped column or a statistics target', () => {
    for (const statement of [
      'CREATE TABLE "thread_views" ("post_id" bigint PRIMARY KEY NOT NULL);',
      'ALTER TABLE "posts" DROP COLUMN "view_count";',
      'ALTER TABLE "posts" ALTER COLUMN "body_html" SET STATISTICS 0;',
    ]) {
      expect(heavyWork(statement)).toBeNull();
    }
  });

  it('is found in the migrations that rewrite tables', async () => {
    const text = await readFile(
      path.join(migrationsFolder, '0020_donation_amounts_64_bit.sql'),
      'utf8',
    );
    expect(
      text
        .split('--> statement-breakpoint')
        .map(heavyWork)
        .flatMap((work) => (work ? [work.table] : [])),
    ).toEqual(['donation_checkouts', 'donations', 'donations', 'payment_refunds']);
  });
});

describe('applying migrations', () => {
  // Two databases built from nothing, every migration each: on a busy 2-core machine (the whole
  // suite at once) that took more than the default 30 s.
  it(
    'creates a new database at once, and upgrades an older one step by step, saying so',
    { timeout: 90_000 },
    async () => {
      const known = await knownMigrations();
      const fresh = await openPglite(undefined);
      try {
        const log = recordingLog();
        await fresh.migrate({ log });
        expect(log.lines).toEqual([
          expect.stringMatching(
            new RegExp(
              `^Created the database: ${String(known.length)} migrations in \\d+\\.\\d s$`,
            ),
          ),
        ]);
        await fresh.migrate({ log });
        expect(log.lines).toHaveLength(1);
      } finally {
        await fresh.close();
      }

      const older = await openPglite(undefined);
      try {
        const level = known.findIndex((step) => step.tag === '0019_notice_ends_at');
        await older.migrate({ upTo: known[level]!.when });
        const log = recordingLog();
        await older.migrate({ log });
        const pending = known.slice(level + 1);
        expect(log.lines[0]).toBe(
          `Upgrading the database from 0019_notice_ends_at: ${String(pending.length)} migrations to apply`,
        );
        expect(log.lines[1]).toBe(
          `Applying 0020_donation_amounts_64_bit (migration 1 of ${String(pending.length)}): rewrites donation_checkouts (0 rows), rewrites donations (0 rows), rewrites payment_refunds (0 rows)`,
        );
        expect(log.lines).toContainEqual(
          expect.stringMatching(
            /^0020_donation_amounts_64_bit: statement 2 of 5 rewrites donations \(0 rows\)$/,
          ),
        );
        for (const step of pending) {
          expect(log.lines).toContainEqual(
            expect.stringMatching(new RegExp(`^Applied ${step.tag} in`)),
          );
        }
        expect(await appliedMigrations(older.db)).toEqual(known);
      } finally {
        await older.close();
      }
    },
  );
});
