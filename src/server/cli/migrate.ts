import path from 'node:path';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../platform/db/database.js';
import { lockDataDir } from '../platform/db/data-dir-lock.js';

/**
 * `npm run db:migrate`: applies pending migrations and exits. The server also migrates at start;
 * this is for deployments that migrate before rolling out. On PGlite it refuses while a server
 * holds the data directory (that server migrated when it started).
 */
async function run() {
  const config = loadConfig();
  const lock = config.embedded ? lockDataDir(config.dataDir) : undefined;
  try {
    const database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, { max: 1 })
      : await openPglite(path.join(config.dataDir, 'db'));
    try {
      await database.migrate();
      process.stdout.write(`Migrations applied (${database.kind}).\n`);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
