import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database's migrations (`drizzle/`, beside the code at the repository's root), found by
 * walking up from this module: the same answer whether the server runs from src/ under tsx or
 * from the bundle in dist/server. They ship with the code, so no setting names them.
 */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const folder = path.join(dir, 'drizzle');
    if (existsSync(path.join(folder, 'meta', '_journal.json'))) return folder;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (drizzle/ folder missing)');
    dir = parent;
  }
}

export const migrationsFolder = findMigrationsFolder();
