import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found by walking up from this module: the same answer whether the
 * server runs from src/ under tsx or from the bundle in dist/server.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (drizzle/ folder missing)');
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = path.join(projectRoot, 'drizzle');
export const defaultWebRoot = path.join(projectRoot, 'dist', 'web');
