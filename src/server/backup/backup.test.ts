import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../scripts/seed/demo.js';
import type { Database } from '../platform/db/database.js';
import { auditLog, jobs } from '../schema.js';
import { isEmptyDatabase, tableChecksums } from '../platform/db/snapshot.js';
import { openDiskStorage } from '../platform/storage/disk-storage.js';
import type { Storage } from '../platform/storage/storage.js';
import { createTestDatabase } from '../test/test-app.js';
import { BackupRefusedError, type Manifest } from './archive.js';
import { pruneBackups, takeBackup } from './backup.js';
import { restoreBackup } from './restore.js';
import { demoTestConfig } from '../../../scripts/seed/test-config.js';

type Kind = 'pglite' | 'postgres';
/** PostgreSQL takes part when the suite runs against it; the embedded database always does. */
const kinds: Kind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const authSecret = 'backup-test-secret-that-is-long-enough-0123456789';

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-backup-'));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

interface Site {
  database: Database;
  storage: Storage;
  authSecret: string;
  close(): Promise<void>;
}

let sites = 0;
async function openSite(kind: Kind, options: { empty?: boolean } = {}): Promise<Site> {
  const { database, drop } = await createTestDatabase([], undefined, { kind, ...options });
  const storage = await openDiskStorage(path.join(tempDir, `site-${++sites}`, 'uploads'));
  return {
    database,
    storage,
    authSecret,
    async close() {
      await storage.close();
      await drop();
    },
  };
}

async function uploadsOf(storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const key of storage.list()) {
    const object = await storage.get(key);
    const hash = createHash('sha256');
    for await (const chunk of object?.body ?? []) hash.update(chunk as Buffer);
    files[key] = hash.digest('hex');
  }
  return files;
}

/** Rewrites a backup's entries (the manifest included) into a new file, as a forger would. */
async function rewriteBackup(
  file: string,
  change: (name: string, body: Buffer) => Buffer,
): Promise<string> {
  const entries: { name: string; body: Buffer }[] = [];
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array));
      entries.push({
        name: entry.header.name,
        body: change(entry.header.name, Buffer.concat(chunks)),
      });
    }
  })();
  extract.end(gunzipSync(await readFile(file)));
  await reading;
  const pack = tar.pack();
  for (const { name, body } of entries) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(Buffer.from(chunk as Uint8Array));
  const out = path.join(tempDir, `forged-${Date.now()}-${Math.random()}.tar.gz`);
  await writeFile(out, gzipSync(Buffer.concat(chunks)));
  return out;
}

const editManifest = (edit: (manifest: Manifest) => unknown) => (name: string, body: Buffer) =>
  name === 'manifest.json'
    ? Buffer.from(JSON.stringify(edit(JSON.parse(body.toString()) as Manifest)))
    : body;

describe.each(kinds)('a backup of the demo site on %s', (sourceKind) => {
  let source: Site;
  let quiet: string;

  beforeAll(async () => {
    source = await openSite(sourceKind);
    const dataDir = path.join(tempDir, `demo-${sourceKind}`);
    await seedDemo({
      db: source.database.db,
      storage: source.storage,
      config: demoTestConfig(dataDir, authSecret),
    });
    quiet = (await takeBackup(source, path.join(tempDir, `backups-${sourceKind}`))).file;
  }, 180_000);
  afterAll(async () => {
    await source.close();
  });

  it('is one owner-only file whose manifest counts every table and upload', async () => {
    const info = await stat(quiet);
    expect(info.mode & 0o777).toBe(0o600);
    const sums = await tableChecksums(source.database);
    const uploads = await uploadsOf(source.storage);
    expect(Object.keys(uploads).length).toBeGreaterThan(0);
    const work = await mkdtemp(path.join(tempDir, 'read-'));
    const { unpackBackup } = await import('./archive.js');
    const manifest = await unpackBackup(quiet, work);
    expect(manifest.source.database).toBe(sourceKind);
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(
      Object.fromEntries(Object.entries(sums).map(([name, sum]) => [name, sum.rows])),
    );
    const uploaded = manifest.files.filter((f) => f.path.startsWith('uploads/'));
    expect(Object.fromEntries(uploaded.map((f) => [f.path.slice(8), f.sha256]))).toEqual(uploads);
    expect(manifest.files.map((f) => f.path)).toContain('secrets/auth-secret');
  });

  describe.each(kinds)('restored into an empty %s site', (targetKind) => {
    let target: Site;
    beforeAll(async () => {
      target = await openSite(targetKind, { empty: true });
    });
    afterAll(async () => {
      await target.close();
    });

    it('has every row of every table and every upload byte for byte, and the secret', async () => {
      const restored = await restoreBackup(quiet, target, 'the target');
      expect(restored.authSecret).toBe(authSecret);
      expect(await tableChecksums(target.database)).toEqual(await tableChecksums(source.database));
      expect(await uploadsOf(target.storage)).toEqual(await uploadsOf(source.storage));
      // The sequences go on where the source's were: a new row does not collide.
      await target.database.db.insert(auditLog).values({
        action: 'site.restore',
        targetType: 'site',
        targetId: 'site',
      });
    });

    it('refuses to restore into it again now that it is not empty, changing nothing', async () => {
      const before = await tableChecksums(target.database);
      await expect(restoreBackup(quiet, target, 'the target')).rejects.toThrow(
        /the target is not empty/,
      );
      expect(await tableChecksums(target.database)).toEqual(before);
    });
  });

  it('is consistent while writes go on: each write is in it whole or not at all', async () => {
    // Each write adds a job and an audit entry in one transaction; a backup that read tables
    // at different moments would hold one without the other.
    let writing = true;
    let written = 0;
    let firstWritten = () => {};
    const writesGoingOn = new Promise<void>((resolve) => (firstWritten = resolve));
    const writer = (async () => {
      while (writing) {
        // A request at a time, as traffic comes: PGlite's transactions alone never let a timer run.
        await new Promise((resolve) => setImmediate(resolve));
        const n = ++written;
        await source.database.db.transaction(async (tx) => {
          await tx
            .insert(jobs)
            .values({ kind: 'backup-test', payload: { n }, runAt: new Date('9999-01-01') });
          await tx.insert(auditLog).values({
            action: 'backup.test',
            targetType: 'site',
            targetId: String(n),
          });
        });
        firstWritten();
      }
    })();
    let during: string;
    try {
      await writesGoingOn;
      during = (await takeBackup(source, path.join(tempDir, `during-${sourceKind}`))).file;
    } finally {
      writing = false;
      await writer;
    }
    const target = await openSite('pglite', { empty: true });
    try {
      await restoreBackup(during, target, 'the target');
      const db = target.database.db;
      const [jobRows] = await db
        .select({ n: count() })
        .from(jobs)
        .where(eq(jobs.kind, 'backup-test'));
      const [auditRows] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.action, 'backup.test'));
      expect(jobRows?.n).toBe(auditRows?.n);
      expect(written).toBeGreaterThan(0);
    } finally {
      await target.close();
    }
  });
});

describe('a backup that cannot be used', () => {
  let source: Site;
  let good: string;
  let target: Site;
  beforeAll(async () => {
    source = await openSite('pglite');
    await source.storage.put('abc123.webp', Buffer.from('RIFFxxxxWEBP'), 'image/webp');
    good = (await takeBackup(source, path.join(tempDir, 'refusals'))).file;
    target = await openSite('pglite', { empty: true });
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  /** Each refusal leaves the target as it was: no table, no upload. */
  async function refused(file: string, message: RegExp) {
    const error: unknown = await restoreBackup(file, target, 'the target').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupRefusedError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(await isEmptyDatabase(target.database.db)).toBe(true);
    expect(await uploadsOf(target.storage)).toEqual({});
  }

  it('refuses a truncated file', async () => {
    const bytes = await readFile(good);
    const cut = path.join(tempDir, 'cut.tar.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(cut, /truncated or damaged/);
  });

  it('refuses a file whose contents were changed after it was written', async () => {
    const tampered = await rewriteBackup(good, (name, body) =>
      name === 'uploads/abc123.webp' ? Buffer.from('RIFFyyyyWEBP') : body,
    );
    await refused(tampered, /uploads\/abc123\.webp does not match its checksum/);
  });

  it('refuses an entry its manifest does not list, and a missing one', async () => {
    const extra = await rewriteBackup(
      good,
      editManifest((m) => ({
        ...m,
        files: m.files.filter((f) => f.path !== 'uploads/abc123.webp'),
      })),
    );
    await refused(extra, /holds uploads\/abc123\.webp, which its manifest does not list/);
    const missing = await rewriteBackup(
      good,
      editManifest((m) => ({
        ...m,
        files: [...m.files, { path: 'uploads/zzz.webp', size: 1, sha256: '0'.repeat(64) }],
      })),
    );
    await refused(missing, /truncated: uploads\/zzz\.webp is missing/);
  });

  it('refuses a backup from a newer version, by its format or its migrations', async () => {
    const format = await rewriteBackup(
      good,
      editManifest((m) => ({ ...m, formatVersion: 2 })),
    );
    await refused(format, /newer Viewpoint \(backup format 2/);
    const migration = await rewriteBackup(
      good,
      editManifest((m) => ({
        ...m,
        viewpoint: '9.0.0',
        migrations: [...m.migrations, { tag: '9999_from_the_future', when: 9_999_999_999_999 }],
      })),
    );
    await refused(migration, /newer Viewpoint \(9\.0\.0\).*9999_from_the_future/);
  });

  it('refuses what is not a backup at all', async () => {
    const junk = path.join(tempDir, 'junk.tar.gz');
    await writeFile(junk, 'hello');
    await refused(junk, /truncated or damaged/);
    await refused(path.join(tempDir, 'nowhere.tar.gz'), /no such file/);
  });

  it('keeps the newest backups it is told to keep', async () => {
    const dir = path.join(tempDir, 'kept');
    const files = [];
    for (let i = 0; i < 3; i++) files.push((await takeBackup(source, dir)).file);
    const removed = await pruneBackups(dir, 2);
    expect(removed).toHaveLength(1);
    await expect(stat(files[0] ?? '')).rejects.toThrow();
    await expect(stat(files[2] ?? '')).resolves.toBeTruthy();
  });
});
