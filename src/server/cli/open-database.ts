import path from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { openPglite, openPostgres, type Database } from '../platform/db/database.js';
import { lockDataDir } from '../platform/db/data-dir-lock.js';

/**
 * Opens the configured database for a command-line script, migrated unless `migrate` is false.
 * On PGlite the script takes the data-directory lock, so it refuses while a server runs on the
 * same directory.
 */
export async function openScriptDatabase(options: { migrate?: boolean } = {}): Promise<{
  config: Config;
  database: Database;
  close: () => Promise<void>;
}> {
  const config = loadConfig();
  const lock = config.embedded ? lockDataDir(config.dataDir) : undefined;
  try {
    const database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, { max: 4 })
      : await openPglite(path.join(config.dataDir, 'db'));
    if (options.migrate !== false) await database.migrate();
    return {
      config,
      database,
      async close() {
        await database.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export function exitWithMessage(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
