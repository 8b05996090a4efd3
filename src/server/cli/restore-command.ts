import { readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefusedError } from '../backup/archive.js';
import { restoreBackup } from '../backup/restore.js';
import { loadConfig, type Config } from '../config.js';
import { lockDataDir } from '../platform/db/data-dir-lock.js';
import { openPglite, openPostgres } from '../platform/db/database.js';
import { openDiskStorage } from '../platform/storage/disk-storage.js';
import { openStorage } from '../platform/storage/open-storage.js';
import { exitWithMessage } from './open-database.js';

/**
 * `npm run restore -- <file>`: restores a backup into the configured site, which must be empty
 * (no database, no uploads): the embedded data directory, or the PostgreSQL database (and
 * bucket) DATABASE_URL (and S3_BUCKET) name. Nothing is changed when the file or the target is
 * refused.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

const isEmptyDir = (dir: string) => {
  try {
    return readdirSync(dir).filter((name) => !name.startsWith('.')).length === 0;
  } catch {
    return true;
  }
};

/**
 * The embedded site is restored beside its final place (`.restoring-db`, `.restoring-uploads`)
 * and moved in when whole, so a restore that fails leaves the data directory as it was.
 */
async function restoreEmbedded(file: string, config: Config) {
  const lock = lockDataDir(config.dataDir);
  const db = path.join(config.dataDir, 'db');
  const uploads = path.join(config.dataDir, 'uploads');
  const stagedDb = path.join(config.dataDir, '.restoring-db');
  const stagedUploads = path.join(config.dataDir, '.restoring-uploads');
  try {
    if (!isEmptyDir(db) || !isEmptyDir(uploads)) {
      throw new BackupRefusedError(
        `${config.dataDir} already holds a site (${isEmptyDir(db) ? 'uploads' : 'a database'}): restore into an empty data directory (nothing was changed)`,
      );
    }
    await rm(stagedDb, { recursive: true, force: true });
    await rm(stagedUploads, { recursive: true, force: true });
    const database = await openPglite(stagedDb);
    const storage = await openDiskStorage(stagedUploads);
    try {
      const { manifest, authSecret } = await restoreBackup(
        file,
        { database, storage },
        `the data directory ${config.dataDir}`,
      );
      await database.close();
      await rm(db, { recursive: true, force: true });
      await rm(uploads, { recursive: true, force: true });
      await rename(stagedDb, db);
      await rename(stagedUploads, uploads);
      await writeFile(path.join(config.dataDir, 'auth-secret'), authSecret + '\n', { mode: 0o600 });
      say(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}.`);
      if (process.env.AUTH_SECRET && process.env.AUTH_SECRET !== authSecret) {
        say(
          "AUTH_SECRET is set and differs from the backup's secret (now in DATA_DIR/auth-secret): unset it, or sessions, two-factor secrets and signed links stop working.",
        );
      }
    } finally {
      await database.close();
      await storage.close();
      await rm(stagedDb, { recursive: true, force: true });
      await rm(stagedUploads, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}

async function restoreScaled(
  file: string,
  config: Config,
  databaseUrl: string,
  givenSecret: string | undefined,
) {
  const database = await openPostgres(databaseUrl, { max: 4 });
  try {
    if (!config.s3) await mkdir(path.join(config.dataDir, 'uploads'), { recursive: true });
    const storage = await openStorage(config);
    try {
      const where = `the database ${new URL(databaseUrl).pathname.slice(1)}`;
      const { manifest, authSecret } = await restoreBackup(file, { database, storage }, where);
      say(`Restored the backup of ${manifest.createdAt} into ${where}.`);
      if (givenSecret !== authSecret) {
        say(
          "Run the site with the backup's secret, or sessions, two-factor secrets and signed links stop working:",
        );
        say(`AUTH_SECRET=${authSecret}`);
      }
    } finally {
      await storage.close();
    }
  } finally {
    await database.close();
  }
}

async function run() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [file] = positionals;
  if (positionals.length !== 1 || !file) {
    throw new Error('Usage: npm run restore -- <backup file>');
  }
  // The restored site runs with the backup's secret: loading the config must neither ask for one
  // nor make one (the embedded default writes DATA_DIR/auth-secret when there is none).
  const givenSecret = process.env.AUTH_SECRET || undefined;
  const config = loadConfig({ ...process.env, AUTH_SECRET: givenSecret ?? 'x'.repeat(32) });
  if (config.databaseUrl) {
    await restoreScaled(path.resolve(file), config, config.databaseUrl, givenSecret);
  } else {
    await restoreEmbedded(path.resolve(file), config);
  }
}

run().catch(exitWithMessage);
