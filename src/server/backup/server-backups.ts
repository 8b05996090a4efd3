import path from 'node:path';
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../platform/db/database.js';
import type { Platforms } from '../platform/platforms.js';
import { backupRuns } from './schema.js';
import { pruneBackups, removeLeftovers, takeBackup, type BackupResult } from './backup.js';
import { controlSocketName, serveControlSocket, type ControlSocket } from './control-socket.js';

export type BackupRun = typeof backupRuns.$inferSelect;

export interface BackupState {
  lastSuccess: BackupRun | undefined;
  lastFailure: BackupRun | undefined;
  /** The newest runs, newest first. */
  recent: BackupRun[];
}

export interface ServerBackups {
  /** Takes a backup now into `dir` (BACKUP_DIR by default), recording the run. */
  take(trigger: 'command' | 'schedule', dir?: string): Promise<BackupResult>;
  state(): Promise<BackupState>;
  close(): Promise<void>;
}

/** The backups recorded in the database: the last success and failure, and the newest runs. */
export async function readBackupState(db: Db): Promise<BackupState> {
  const newest = (where?: SQL) =>
    db.select().from(backupRuns).where(where).orderBy(desc(backupRuns.startedAt)).limit(10);
  const [recent, [lastSuccess], [lastFailure]] = await Promise.all([
    newest(),
    newest(and(isNotNull(backupRuns.file), isNull(backupRuns.error))),
    newest(isNotNull(backupRuns.error)),
  ]);
  return { lastSuccess, lastFailure, recent };
}

/**
 * The server's own backups: on a schedule when BACKUP_EVERY is set (of several processes, the
 * one that claims the period's slot takes it), and, for an embedded site, when `npm run backup`
 * asks over the control socket. Every run is recorded in `backup_runs` and logged; a failure is
 * logged as an error with its reason and leaves no file.
 */
export async function startServerBackups(options: {
  config: Pick<Config, 'backups' | 'authSecret' | 'embedded' | 'dataDir'>;
  platforms: Pick<Platforms, 'database' | 'storage'>;
  log: Logger;
}): Promise<ServerBackups> {
  const { config, platforms, log } = options;
  const db = platforms.database.db;
  const { everyMs, keep } = config.backups;

  /** Records a run; undefined when another process already claimed the slot. */
  async function record(trigger: BackupRun['trigger'], slot?: number) {
    const [run] = await db
      .insert(backupRuns)
      .values({ trigger, ...(slot === undefined ? {} : { slot }) })
      .onConflictDoNothing({ target: backupRuns.slot })
      .returning({ id: backupRuns.id });
    return run?.id;
  }

  async function run(id: number, trigger: string, dir: string): Promise<BackupResult> {
    log.info({ backup: { id, trigger, dir } }, 'backup started');
    try {
      const result = await takeBackup(
        { database: platforms.database, storage: platforms.storage, authSecret: config.authSecret },
        dir,
      );
      await db
        .update(backupRuns)
        .set({ finishedAt: new Date(), file: result.file, bytes: result.bytes })
        .where(eq(backupRuns.id, id));
      const removed = dir === config.backups.dir ? await pruneBackups(dir, keep) : [];
      log.info(
        { backup: { id, file: result.file, bytes: result.bytes, removed } },
        'backup written',
      );
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(backupRuns)
        .set({ finishedAt: new Date(), error: reason })
        .where(eq(backupRuns.id, id))
        .catch(() => undefined);
      log.error({ err: error, backup: { id, trigger } }, `backup failed: ${reason}`);
      throw error;
    }
  }

  async function take(trigger: 'command' | 'schedule', dir = config.backups.dir) {
    const id = await record(trigger);
    if (id === undefined) throw new Error('The backup run was not recorded');
    return run(id, trigger, dir);
  }

  /** Claims this period's slot; the process whose insert wins takes the backup. */
  async function tick() {
    if (everyMs === undefined) return;
    const id = await record('schedule', Math.floor(Date.now() / everyMs));
    // A failure is recorded and logged by run(); the next period tries again.
    if (id !== undefined) await run(id, 'schedule', config.backups.dir).catch(() => undefined);
  }

  await removeLeftovers(config.backups.dir);

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  if (everyMs !== undefined) {
    const look = () => {
      running ??= tick()
        .catch((error: unknown) => log.error({ err: error }, 'backup schedule failed'))
        .finally(() => {
          running = undefined;
        });
    };
    look();
    timer = setInterval(look, Math.min(60_000, everyMs / 4));
    timer.unref();
  }

  let socket: ControlSocket | undefined;
  if (config.embedded) {
    socket = await serveControlSocket(path.join(config.dataDir, controlSocketName), (dir) =>
      take('command', dir),
    );
  }

  return {
    take,
    state: () => readBackupState(db),
    /** Stops the schedule and the socket; a backup in progress is not waited for: one cut
     * short by the exit leaves only work files, which the next start removes. */
    async close() {
      if (timer) clearInterval(timer);
      await socket?.close();
    },
  };
}
