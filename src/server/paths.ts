import path from 'node:path';
import { migrationsFolder } from './platform/db/migrations-folder.js';

/**
 * The repository root: the folder that holds the database's migrations, found from the code
 * itself (platform/db/migrations-folder.ts), whether the server runs from src/ or the bundle.
 */
export const projectRoot = path.dirname(migrationsFolder);
export const defaultWebRoot = path.join(projectRoot, 'dist', 'web');
