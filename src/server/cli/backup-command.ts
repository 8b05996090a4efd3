import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { takeBackup } from '../backup/backup.js';
import { askForBackup, controlSocketName } from '../backup/control-socket.js';
import { loadConfig } from '../config.js';
import { readLockHolder } from '../platform/db/data-dir-lock.js';
import { openStorage } from '../platform/storage/open-storage.js';
import { exitWithMessage, openScriptDatabase } from './open-database.js';

/**
 * `npm run backup [-- --dir <folder>]`: writes one backup file (BACKUP_DIR, or DATA_DIR/backups)
 * and prints its path on the last line. The site may run meanwhile: an embedded site's server
 * takes the backup itself when asked over its control socket (it alone may open the embedded
 * database); otherwise this process reads the database and storage directly.
 */
async function run() {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const config = loadConfig();
  const dir = values.dir === undefined ? config.backups.dir : path.resolve(values.dir);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (config.embedded) {
    const holder = readLockHolder(config.dataDir);
    if (holder) {
      say(`The server (pid ${holder.pid}) holds ${config.dataDir}: asking it for the backup…`);
      const { file, bytes } = await askForBackup(path.join(config.dataDir, controlSocketName), dir);
      say(`Backup written (${formatBytes(bytes)}):`);
      say(file);
      return;
    }
    if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
      throw new Error(`There is no site in ${config.dataDir} to back up (no database there)`);
    }
  }
  const { database, close } = await openScriptDatabase({ migrate: false });
  try {
    const storage = await openStorage(config);
    try {
      say(
        `Backing up the ${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} and the ${storage.kind === 's3' ? 'bucket' : 'uploads folder'}…`,
      );
      const { file, bytes, manifest } = await takeBackup(
        { database, storage, authSecret: config.authSecret },
        dir,
      );
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const uploads = manifest.files.filter((f) => f.path.startsWith('uploads/')).length;
      say(
        `Backup written: ${rows} rows in ${manifest.tables.length} tables, ${uploads} uploads, ${formatBytes(bytes)}:`,
      );
      say(file);
    } finally {
      await storage.close();
    }
  } finally {
    await close();
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

run().catch(exitWithMessage);
