// The embedded database's autovacuum (src/server/platform/db/pglite-autovacuum.ts) holds
// PGlite's one thread while it checks, vacuums or analyses: every request waits meanwhile. This
// times what it costs on the seeded site (100,000 threads, 1,000,000 replies), after the
// benchmark's writes: the whole database vacuumed as the server opens it, the check that runs
// every minute, and each of the largest tables vacuumed and analysed, as a round that finds
// them due would.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  vacuumEverything,
  vacuumWhatIsDue,
} from '../../src/server/platform/db/pglite-autovacuum.js';

export interface HeldFor {
  work: string;
  ms: number;
}

/** The largest tables vacuumed and analysed, largest first. */
const largest = 3;

async function timed(work: string, run: () => Promise<unknown>): Promise<HeldFor> {
  const started = performance.now();
  await run();
  return { work, ms: performance.now() - started };
}

/** `dataDir` is the seeded site's DATA_DIR; no server may have it open. */
export async function measureAutovacuum(dataDir: string): Promise<HeldFor[]> {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'db'),
    extensions: { pg_trgm },
  });
  try {
    const held: HeldFor[] = [];
    held.push(await timed('vacuum of every table, at start', () => vacuumEverything(client)));
    held.push(await timed('check, first after start', () => vacuumWhatIsDue(client)));
    held.push(await timed('check, every minute after', () => vacuumWhatIsDue(client)));
    const { rows } = await client.query<{ name: string; size: string }>(
      `select format('%I.%I', schemaname, relname) as name,
              pg_size_pretty(pg_total_relation_size(relid)) as size
       from pg_stat_user_tables order by pg_total_relation_size(relid) desc limit $1`,
      [largest],
    );
    for (const { name, size } of rows) {
      held.push(
        await timed(`vacuum (analyze) ${name} (${size})`, () =>
          client.exec(`vacuum (analyze) ${name}`),
        ),
      );
    }
    return held;
  } finally {
    await client.close();
  }
}
