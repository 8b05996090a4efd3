import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's autovacuum, for PGlite, which runs none: it is one process with no background
 * workers. Without it an embedded site never gathers statistics (the planner guesses at the
 * size and spread of every table as it grows from empty), never sets the visibility map (an
 * index-only scan fetches every row from the table), and keeps every dead row forever: the jobs
 * queue and the sessions are written and deleted all day, so their indexes fill with entries
 * that every claim and lookup steps over.
 *
 * Every `intervalMs` (autovacuum's own nap is a minute) this reads what PostgreSQL counted
 * since each table was last vacuumed and analysed, and decides as autovacuum decides, with
 * PostgreSQL's own settings (`relation_needs_vacanalyze`): a table is vacuumed once its dead
 * rows pass 50 + 20% of its rows, or its inserted rows 1,000 + 20% of its unfrozen rows, or its
 * oldest unfrozen transaction the freeze age; it is analysed once its changed rows pass 50 +
 * 10%. Each table is one statement, so requests run between them; a vacuum skips the pages
 * the visibility map says are settled, and PostgreSQL skips the indexes when few pages hold
 * dead rows. It still runs on the server's one thread: `npm run bench` prints how long.
 */

/** The tables due now, and for what: autovacuum's rule in one query. */
const dueTables = `
  with settings as (
    select
      current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
      current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
      coalesce(current_setting('autovacuum_vacuum_max_threshold', true)::float8, -1) as vacuum_max,
      current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
      current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
      current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
      current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale,
      current_setting('autovacuum_freeze_max_age')::float8 as freeze_max_age
  ),
  tables as (
    select
      format('%I.%I', s.schemaname, s.relname) as name,
      s.n_dead_tup as dead,
      s.n_ins_since_vacuum as inserted,
      s.n_mod_since_analyze as changed,
      age(c.relfrozenxid) as xid_age,
      greatest(c.reltuples, 0) as tuples,
      case when c.relpages > 0
        then 1 - least(c.relallfrozen, c.relpages)::float8 / c.relpages else 1 end as unfrozen
    from pg_stat_all_tables s
    join pg_class c on c.oid = s.relid
    where c.relkind in ('r', 'm') and s.schemaname not in ('pg_toast', 'information_schema')
  ),
  weighed as (
    select
      t.name,
      t.xid_age > x.freeze_max_age
        or t.dead > case
          when x.vacuum_max >= 0
            then least(x.vacuum_base + x.vacuum_scale * t.tuples, x.vacuum_max)
          else x.vacuum_base + x.vacuum_scale * t.tuples end
        or (x.insert_base >= 0
          and t.inserted > x.insert_base + x.insert_scale * t.tuples * t.unfrozen) as needs_vacuum,
      -- ANALYZE refuses pg_statistic, where it writes what it finds.
      t.changed > x.analyze_base + x.analyze_scale * t.tuples
        and t.name <> 'pg_catalog.pg_statistic' as needs_analyze
    from tables t, settings x
  )
  select name, needs_vacuum as vacuum, needs_analyze as "analyze"
  from weighed
  where needs_vacuum or needs_analyze
  order by name
`;

export interface Maintained {
  /** The table, schema-qualified and quoted as SQL writes it. */
  table: string;
  /** `vacuum (analyze)`, `vacuum` or `analyze`. */
  command: string;
  ms: number;
}

/**
 * Vacuums and analyses, one table at a time, each table that autovacuum would now; `signal`
 * stops it before the next table.
 */
export async function vacuumWhatIsDue(client: PGlite, signal?: AbortSignal): Promise<Maintained[]> {
  const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(
    dueTables,
  );
  const done: Maintained[] = [];
  for (const row of rows) {
    if (signal?.aborted) break;
    const command = row.vacuum ? (row.analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    const started = performance.now();
    // Simple protocol, outside any transaction: VACUUM cannot run in one.
    await client.exec(`${command} ${row.name}`);
    done.push({ table: row.name, command, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * PGlite forgets what it counted when it closes, so changes made before a restart would never
 * count towards a table's vacuum: the server vacuums the whole database once as it opens it,
 * before it takes requests. VACUUM skips the pages the visibility map says are settled, so
 * this costs what changed since the last vacuum (`npm run bench` prints it).
 */
export async function vacuumEverything(client: PGlite): Promise<Maintained> {
  const started = performance.now();
  await client.exec('vacuum');
  return { table: 'every table', command: 'vacuum', ms: Math.round(performance.now() - started) };
}

/** What a round did (only rounds that did something are told), or why it failed. */
export type AutovacuumReport = (outcome: { done: Maintained[] } | { error: unknown }) => void;

export interface Autovacuum {
  /** Stops the timer and waits for the table under way, if any; no further table is begun. */
  stop(): Promise<void>;
}

/** Runs `vacuumWhatIsDue` every `intervalMs` until stopped; a failed round is tried again. */
export function startAutovacuum(
  client: PGlite,
  options: { intervalMs: number; report: AutovacuumReport },
): Autovacuum {
  let round: Promise<void> | undefined;
  const stopping = new AbortController();
  const stopped = () => stopping.signal.aborted || client.closed;
  const timer = setInterval(() => {
    if (round || stopped()) return;
    round = vacuumWhatIsDue(client, stopping.signal)
      .then(
        (done) => {
          if (done.length > 0) options.report({ done });
        },
        (error: unknown) => {
          if (!stopped()) options.report({ error });
        },
      )
      .finally(() => {
        round = undefined;
      });
  }, options.intervalMs);
  // A waiting round never keeps the process alive.
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await round;
    },
  };
}
