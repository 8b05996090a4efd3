import type { SiteStatus, StatusWarning } from '../../../shared/status.js';
import { queueState } from '../../core/jobs-repo.js';
import { appliedMigrations, knownMigrations } from '../../platform/db/migrations.js';
import type { Platforms } from '../../platform/platforms.js';

/** A backup run as the server records it (`backup_runs`). */
export interface BackupRunRow {
  id: number;
  trigger: string;
  startedAt: Date;
  finishedAt: Date | null;
  file: string | null;
  bytes: number | null;
  error: string | null;
}

export interface StatusSources {
  platforms: Pick<Platforms, 'database' | 'bus' | 'mailer' | 'storage'>;
  version: string;
  backups: {
    everyMs: number | undefined;
    keep: number;
    dir: string;
    state(): Promise<{
      lastSuccess: BackupRunRow | undefined;
      lastFailure: BackupRunRow | undefined;
      recent: BackupRunRow[];
    }>;
  };
}

/** How long a service has to answer the Status page's check. */
const healthTimeoutMs = 5_000;

async function health(kind: string, check: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${String(healthTimeoutMs / 1000)} s`)),
      healthTimeoutMs,
    );
  });
  try {
    await Promise.race([check(), late]);
    return { kind, ok: true, error: null };
  } catch (error) {
    return { kind, ok: false, error: error instanceof Error ? error.message : 'no answer' };
  } finally {
    clearTimeout(timer);
  }
}

/** Mail answers its check (an SMTP handshake); and the last message it failed to send. */
async function mailHealth(mailer: Platforms['mailer']) {
  const failure = mailer.lastFailure();
  return {
    ...(await health(mailer.kind, () => mailer.verify())),
    lastFailure: failure && { at: failure.at.toISOString(), error: failure.error },
  };
}

const present = (run: BackupRunRow) => ({
  ...run,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});

/** "3 minutes", "5 hours", "2 days": how long ago, in the largest whole unit. */
export function howLong(ms: number): string {
  const units = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ] as const;
  for (const [unit, size] of units) {
    const n = Math.floor(ms / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  return 'less than a minute';
}

/** A backup still running after this long is taken to have died with its process. */
const abandonedAfterMs = 6 * 3_600_000;
/** Without a schedule, a last backup older than this is called old. */
const oldBackupMs = 7 * 86_400_000;

/** The operator's to-do list, in plain words, the gravest first. */
export function statusWarnings(status: Omit<SiteStatus, 'warnings'>, now: Date): StatusWarning[] {
  const warnings: StatusWarning[] = [];
  const ago = (iso: string) => howLong(now.getTime() - new Date(iso).getTime());
  const names = {
    database: 'The database',
    bus: 'Redis',
    mail: 'Mail',
    storage: 'The file storage',
  } as const;
  for (const key of ['database', 'bus', 'storage', 'mail'] as const) {
    const service = status.services[key];
    if (!service.ok) {
      warnings.push({
        level: 'danger',
        text: `${names[key]} (${service.kind}) is not answering: ${service.error ?? 'no answer'}`,
      });
    }
  }
  const mailFailure = status.services.mail.lastFailure;
  if (mailFailure) {
    warnings.push({
      level: 'danger',
      text: `An e-mail failed to send ${ago(mailFailure.at)} ago, and none has gone out since: ${mailFailure.error}`,
    });
  }
  const { backups, jobs, migrations } = status;
  const { lastSuccess, lastFailure } = backups;
  if (lastFailure && (!lastSuccess || lastFailure.startedAt > lastSuccess.startedAt)) {
    warnings.push({
      level: 'danger',
      text: `The last backup failed ${ago(lastFailure.finishedAt ?? lastFailure.startedAt)} ago: ${lastFailure.error ?? 'no reason was given'}`,
    });
  }
  if (!lastSuccess) {
    warnings.push({
      level: 'warning',
      text:
        backups.everyMinutes === null
          ? 'No backup has been taken: run npm run backup, or set BACKUP_EVERY for the server to take them.'
          : 'No backup has been taken yet.',
    });
  } else {
    const age = now.getTime() - new Date(lastSuccess.finishedAt ?? lastSuccess.startedAt).getTime();
    const limit = backups.everyMinutes === null ? oldBackupMs : 2 * backups.everyMinutes * 60_000;
    if (age > limit) {
      warnings.push({
        level: 'warning',
        text: `The last backup is ${howLong(age)} old.`,
      });
    }
  }
  const abandoned = backups.recent.find(
    (run) =>
      run.finishedAt === null &&
      now.getTime() - new Date(run.startedAt).getTime() > abandonedAfterMs,
  );
  if (abandoned) {
    warnings.push({
      level: 'warning',
      text: `A backup started ${ago(abandoned.startedAt)} ago never finished: its process may have stopped while taking it.`,
    });
  }
  if (jobs.dead > 0) {
    warnings.push({
      level: 'warning',
      text: `${jobs.dead} background ${jobs.dead === 1 ? 'job' : 'jobs'} failed too often and stopped: the log says why.`,
    });
  }
  if (jobs.oldestDueSeconds > 300) {
    warnings.push({
      level: 'warning',
      text: `Background jobs are falling behind: the oldest has waited ${howLong(jobs.oldestDueSeconds * 1000)}.`,
    });
  }
  if (migrations.applied > migrations.known) {
    warnings.push({
      level: 'danger',
      text: 'The database has migrations this version does not know: a newer Viewpoint has run on it.',
    });
  }
  return warnings.sort((a, b) => (a.level === b.level ? 0 : a.level === 'danger' ? -1 : 1));
}

/** Everything the Status page shows, read now. */
export async function readSiteStatus(
  sources: StatusSources,
  now = new Date(),
): Promise<SiteStatus> {
  const { platforms } = sources;
  const db = platforms.database.db;
  const [database, bus, storage, mail, jobs, applied, known, runs] = await Promise.all([
    health(platforms.database.kind, () => platforms.database.ping()),
    health(platforms.bus.kind, () => platforms.bus.ping()),
    health(platforms.storage.kind, () => platforms.storage.ping()),
    mailHealth(platforms.mailer),
    queueState(db),
    appliedMigrations(db),
    knownMigrations(),
    sources.backups.state(),
  ]);
  const status: Omit<SiteStatus, 'warnings'> = {
    version: sources.version,
    migrations: {
      applied: applied.length,
      latest: applied.at(-1)?.tag ?? null,
      known: known.length,
    },
    services: {
      database,
      bus,
      mail,
      storage,
    },
    jobs,
    backups: {
      everyMinutes: sources.backups.everyMs === undefined ? null : sources.backups.everyMs / 60_000,
      keep: sources.backups.keep,
      dir: sources.backups.dir,
      lastSuccess: runs.lastSuccess ? present(runs.lastSuccess) : null,
      lastFailure: runs.lastFailure ? present(runs.lastFailure) : null,
      recent: runs.recent.map(present),
    },
  };
  return { ...status, warnings: statusWarnings(status, now) };
}
