import { exitWithMessage, openScriptDatabase } from './open-database.js';

/**
 * `npm run db:migrate`: applies pending migrations and exits. The server also migrates at start;
 * this is for deployments that migrate before rolling out. On PGlite it refuses while a server
 * holds the data directory (that server migrated when it started).
 */
async function run() {
  // Opening the script database applies the migrations (under the advisory lock on PostgreSQL).
  const { database, close } = await openScriptDatabase();
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
  await close();
}

run().catch(exitWithMessage);
