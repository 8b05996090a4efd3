import path from 'node:path';
import { loadConfig } from '../../src/server/config.js';
import { openPglite } from '../../src/server/platform/db/database.js';
import { openStorage } from '../../src/server/platform/storage/open-storage.js';
import { seedDemo } from '../seed/demo.js';

/**
 * Fills a fresh data directory with the demo community (what `npm run seed:demo` writes) before
 * a server takes it: the same migrations, storage and seed, with the configuration a server on
 * that directory would load.
 */
export async function seedDemoDataDir(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const storage = await openStorage(config);
    try {
      await seedDemo({ db: database.db, storage, config });
    } finally {
      await storage.close();
    }
  } finally {
    await database.close();
  }
}
