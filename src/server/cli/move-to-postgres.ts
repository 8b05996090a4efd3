import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { takeBackup } from '../backup/backup.js';
import { restoreBackup } from '../backup/restore.js';
import { loadConfig } from '../config.js';
import { lockDataDir } from '../platform/db/data-dir-lock.js';
import { openPglite, openPostgres } from '../platform/db/database.js';
import { tableChecksums } from '../platform/db/snapshot.js';
import { openDiskStorage } from '../platform/storage/disk-storage.js';
import { createS3Storage } from '../platform/storage/s3-storage.js';
import type { Storage } from '../platform/storage/storage.js';
import { exitWithMessage } from './open-database.js';

/**
 * `npm run move-to-postgres -- --database-url <url> [--s3-bucket <name>]`: copies a stopped
 * embedded site (rows, sequences, uploads, secret) into an empty PostgreSQL database (and an
 * empty bucket, reached with the S3_* variables), checks every table's rows and every upload
 * against the original, and prints what to set. The embedded data is only read: it stays as it
 * was, so going back is stopping and starting without DATABASE_URL.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function sameUploads(source: Storage, target: Storage): Promise<boolean> {
  const keys = async (storage: Storage) => {
    const all: string[] = [];
    for await (const key of storage.list()) all.push(key);
    return all.sort();
  };
  const [a, b] = [await keys(source), await keys(target)];
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

async function run() {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, 's3-bucket': { type: 'string' } },
  });
  const databaseUrl = values['database-url'];
  if (!databaseUrl) {
    throw new Error('Usage: npm run move-to-postgres -- --database-url <url> [--s3-bucket <name>]');
  }
  // The embedded site's own settings (DATA_DIR, its secret); the target's are the arguments.
  const noS3 = { S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' };
  const config = loadConfig({ ...process.env, DATABASE_URL: '', ...noS3, S3_FORCE_PATH_STYLE: '' });
  const bucket = values['s3-bucket'];
  const target = loadConfig({
    ...process.env,
    ...(bucket === undefined ? noS3 : { S3_BUCKET: bucket }),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: config.authSecret,
  });
  if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new Error(`There is no embedded site in ${config.dataDir} to move (no database there)`);
  }
  // A running server holds the directory: the lock refuses, naming it.
  const lock = lockDataDir(config.dataDir);
  const work = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-move-'));
  try {
    const sourceDb = await openPglite(path.join(config.dataDir, 'db'));
    const sourceFiles = await openDiskStorage(path.join(config.dataDir, 'uploads'));
    const targetDb = await openPostgres(databaseUrl, { max: 4 });
    const targetFiles = target.s3 ? await createS3Storage(target.s3) : undefined;
    try {
      say(`Copying the embedded site in ${config.dataDir}…`);
      const { file, manifest } = await takeBackup(
        { database: sourceDb, storage: sourceFiles, authSecret: config.authSecret },
        work,
      );
      await restoreBackup(
        file,
        { database: targetDb, storage: targetFiles },
        'the PostgreSQL database',
      );
      say('Checking every table and upload against the original…');
      const [before, after] = [await tableChecksums(sourceDb), await tableChecksums(targetDb)];
      const differs = Object.keys(before).find(
        (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
      );
      if (differs) throw new Error(`The copy of the table ${differs} differs from the original`);
      if (targetFiles && !(await sameUploads(sourceFiles, targetFiles))) {
        throw new Error('The bucket does not hold the same uploads as the data directory');
      }
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const uploads = manifest.files.filter((f) => f.path.startsWith('uploads/')).length;
      say(
        `Moved ${rows} rows in ${manifest.tables.length} tables and ${uploads} uploads; ${config.dataDir} is unchanged.`,
      );
      say('Start the site with:');
      say(`DATABASE_URL=${databaseUrl}`);
      say(`AUTH_SECRET=${config.authSecret}`);
      if (target.s3) say(`S3_BUCKET=${target.s3.bucket}`);
      else say(`DATA_DIR=${config.dataDir} (the uploads stay in its uploads folder)`);
    } finally {
      await sourceDb.close();
      await sourceFiles.close();
      await targetDb.close();
      await targetFiles?.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    lock.release();
  }
}

run().catch(exitWithMessage);
