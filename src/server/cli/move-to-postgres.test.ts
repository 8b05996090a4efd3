import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../scripts/seed/demo.js';
import { openPglite, openPostgres } from '../platform/db/database.js';
import { tableChecksums } from '../platform/db/snapshot.js';
import { openDiskStorage } from '../platform/storage/disk-storage.js';
import { startLocalS3Server, type LocalS3Server } from '../platform/storage/local-s3-server.js';
import { createS3Storage } from '../platform/storage/s3-storage.js';
import type { Storage } from '../platform/storage/storage.js';
import { createPostgresDatabase, startServerProcess } from '../test/server-process.js';
import { demoTestConfig } from '../../../scripts/seed/test-config.js';

/**
 * `npm run move-to-postgres` on the demo site, into the machine's PostgreSQL and a local S3
 * stand-in (s3rver): the copy holds every row and upload, the embedded data is unchanged, and a
 * running site or a database that is not empty is refused.
 */
const run = promisify(execFile);

async function move(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/move-to-postgres.ts', ...args],
      { env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', S3_BUCKET: '', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function keysOf(storage: Storage) {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

const serverUrl = process.env.DATABASE_URL ?? '';

describe.runIf(serverUrl)('moving the embedded demo site to PostgreSQL', () => {
  let tempDir: string;
  let dataDir: string;
  let s3: LocalS3Server;
  let target: { url: string; drop: () => Promise<void> };
  const authSecret = 'move-test-secret-that-is-long-enough-0123456789';

  async function embeddedSums() {
    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      return await tableChecksums(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-move-'));
    dataDir = path.join(tempDir, 'data');
    await mkdir(dataDir);
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    const storage = await openDiskStorage(path.join(dataDir, 'uploads'));
    await seedDemo({
      db: database.db,
      storage,
      config: demoTestConfig(dataDir, authSecret),
    });
    await database.close();
    s3 = await startLocalS3Server('moved-site');
    target = await createPostgresDatabase(serverUrl);
  }, 180_000);
  afterAll(async () => {
    await target?.drop();
    await s3?.stop();
    await rm(tempDir, { recursive: true, force: true });
  });

  const s3Env = () => ({
    S3_ENDPOINT: s3.settings.endpoint ?? '',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const env = () => ({ DATA_DIR: dataDir, AUTH_SECRET: authSecret, ...s3Env() });

  it('refuses while a server runs on the data directory, naming it', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, AUTH_SECRET: authSecret });
    try {
      const result = await move(['--database-url', target.url], env());
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(`in use by another Viewpoint process \\(pid ${server.pid}`),
      );
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('copies every row and upload, checks them, prints what to set and leaves the original', async () => {
    const before = await embeddedSums();
    const result = await move(['--database-url', target.url, '--s3-bucket', 'moved-site'], env());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`DATABASE_URL=${target.url}`);
    expect(result.stdout).toContain(`AUTH_SECRET=${authSecret}`);
    expect(result.stdout).toContain('S3_BUCKET=moved-site');
    expect(await embeddedSums()).toEqual(before);
    const postgres = await openPostgres(target.url);
    const bucket = await createS3Storage(s3.settings);
    const disk = await openDiskStorage(path.join(dataDir, 'uploads'));
    try {
      expect(await tableChecksums(postgres)).toEqual(before);
      const keys = await keysOf(disk);
      expect(keys.length).toBeGreaterThan(0);
      expect(await keysOf(bucket)).toEqual(keys);
    } finally {
      await postgres.close();
      await bucket.close();
      await disk.close();
    }
  });

  it('refuses a database that is not empty, changing nothing', async () => {
    const postgres = await openPostgres(target.url);
    try {
      const before = await tableChecksums(postgres);
      const result = await move(['--database-url', target.url], env());
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^the PostgreSQL database is not empty/);
      expect(await tableChecksums(postgres)).toEqual(before);
    } finally {
      await postgres.close();
    }
  });
});
