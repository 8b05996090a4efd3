import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../platform/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) each test database starts from; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite cluster runs initdb, seconds per test file; loading a dump of one made and
 * migrated here once takes a fraction of that. The test databases still run the migrations
 * (none are pending) and stay one per file.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const database = await openPglite(undefined);
  try {
    await database.migrate();
    await writeFile(file, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
