import path from 'node:path';
import type { Logger } from 'pino';
import { createMemoryBus, createRedisBus, type Bus } from './bus/bus.js';
import { openPglite, openPostgres, type Database } from './db/database.js';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.js';
import type { AutovacuumReport } from './db/pglite-autovacuum.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { openPayments, type Payments } from './payments/payments.js';
import { openStorage } from './storage/open-storage.js';
import type { S3Settings } from './storage/s3-storage.js';
import type { Storage } from './storage/storage.js';

/**
 * What the platforms are opened with: the configuration's settings for them, passed by main.ts
 * (or a command, a benchmark). The platforms know no more of the app than this.
 */
export interface PlatformSettings {
  /** Embedded mode: PGlite in `dataDir`, the data directory held by this process alone. */
  embedded: boolean;
  /** The embedded database, uploads and mail outbox live here (unless set elsewhere). */
  dataDir: string;
  /** PostgreSQL; PGlite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  /** The embedded database's buffer pool (PostgreSQL's shared_buffers), in megabytes. */
  pgliteBuffersMb: number;
  /** Redis for the bus; in process when absent. */
  redisUrl: string | undefined;
  /** SMTP for mail; files in `dataDir/mail` when absent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Uploads go to this bucket when set, to `dataDir/uploads` otherwise. */
  s3: S3Settings | undefined;
  /** Stripe Checkout when set; the built-in demo checkout otherwise, signed with `authSecret`. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  authSecret: string;
}

/** Everything outside the process the features talk to, chosen once at start from the settings. */
export interface Platforms {
  database: Database;
  mailer: Mailer;
  bus: Bus;
  /** Uploaded files: DATA_DIR/uploads, or an S3 bucket. */
  storage: Storage;
  /** Donations: Stripe Checkout, or the built-in demo checkout. */
  payments: Payments;
  /** Held in embedded mode: the data directory belongs to this process. */
  dataDirLock: DataDirLock | undefined;
  close(): Promise<void>;
}

/** A platform that cannot start: the server stops with one line naming it. */
export class PlatformError extends Error {
  override name = 'PlatformError';
  constructor(
    readonly platform: 'database' | 'mail' | 'bus' | 'storage' | 'data directory',
    cause: unknown,
  ) {
    super(
      `Services not initialized: ${platform} unavailable — ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** How often the embedded database looks for tables to vacuum: autovacuum's own nap. */
const autovacuumIntervalMs = 60_000;

/** Each vacuum and analysis is logged with its time: it holds the embedded database meanwhile. */
function reportAutovacuum(log: Logger): AutovacuumReport {
  return (outcome) => {
    if ('error' in outcome) {
      log.error({ err: outcome.error }, 'autovacuum failed');
      return;
    }
    for (const { table, command, ms } of outcome.done)
      log.info({ table, ms }, `autovacuum: ${command}`);
  };
}

async function attempt<T>(
  platform: PlatformError['platform'],
  start: () => Promise<T>,
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    throw new PlatformError(platform, error);
  }
}

export async function startPlatforms(settings: PlatformSettings, log: Logger): Promise<Platforms> {
  const opened: { close(): Promise<void> | void }[] = [];
  const closeAll = async () => {
    for (const item of opened.reverse()) await item.close();
  };
  try {
    let dataDirLock: DataDirLock | undefined;
    if (settings.embedded) {
      dataDirLock = await attempt('data directory', () =>
        Promise.resolve(lockDataDir(settings.dataDir)),
      );
      const lock = dataDirLock;
      opened.push({ close: () => lock.release() });
    }
    // Before the database: a missing bucket is reported without waiting for migrations.
    const storage = await attempt('storage', async () => {
      const created = await openStorage(settings);
      opened.push(created);
      return created;
    });
    const database = await attempt('database', async () => {
      const db = settings.databaseUrl
        ? await openPostgres(settings.databaseUrl)
        : await openPglite(path.join(settings.dataDir, 'db'), {
            buffersMb: settings.pgliteBuffersMb,
            autovacuum: { intervalMs: autovacuumIntervalMs, report: reportAutovacuum(log) },
          });
      opened.push(db);
      await db.ping();
      await db.migrate({ log });
      return db;
    });
    const bus = await attempt('bus', async () => {
      const created = settings.redisUrl
        ? await createRedisBus(settings.redisUrl)
        : createMemoryBus();
      opened.push(created);
      await created.ping();
      return created;
    });
    const mailer = await attempt('mail', async () => {
      const options = { from: settings.mailFrom, log };
      const created = settings.smtpUrl
        ? createSmtpMailer({ url: settings.smtpUrl, ...options })
        : createOutboxMailer({ dir: path.join(settings.dataDir, 'mail'), ...options });
      opened.push(created);
      await created.verify();
      return created;
    });
    const payments = openPayments(settings);
    return { database, mailer, bus, storage, payments, dataDirLock, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
