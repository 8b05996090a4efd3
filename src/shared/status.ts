import { z } from 'zod';

/** What the admin Status page shows: each service's health, the job queue and the backups. */
export const serviceHealth = z.object({
  /** pglite or postgres; memory or redis; outbox or smtp; disk or s3. */
  kind: z.string(),
  ok: z.boolean(),
  /** Why it does not answer, as the service said it. */
  error: z.string().nullable(),
});
export type ServiceHealth = z.infer<typeof serviceHealth>;

export const backupRunSchema = z.object({
  id: z.number().int(),
  /** schedule (BACKUP_EVERY) or command (npm run backup). */
  trigger: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  file: z.string().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type BackupRunView = z.infer<typeof backupRunSchema>;

export const statusWarning = z.object({
  level: z.enum(['warning', 'danger']),
  text: z.string(),
});
export type StatusWarning = z.infer<typeof statusWarning>;

export const siteStatusResponse = z.object({
  /** The running Viewpoint's version. */
  version: z.string(),
  migrations: z.object({
    applied: z.number().int(),
    /** The newest migration the database has. */
    latest: z.string().nullable(),
    /** How many migrations this version knows. */
    known: z.number().int(),
  }),
  services: z.object({
    database: serviceHealth,
    /** Redis in scaled mode; the in-process bus otherwise. */
    bus: serviceHealth,
    mail: serviceHealth.extend({
      /** The last message this process failed to send, unless one went out since. */
      lastFailure: z.object({ at: z.iso.datetime(), error: z.string() }).nullable(),
    }),
    storage: serviceHealth,
  }),
  jobs: z.object({
    due: z.number().int(),
    later: z.number().int(),
    dead: z.number().int(),
    oldestDueSeconds: z.number(),
  }),
  backups: z.object({
    /** Minutes between the server's own backups; null: it takes none itself. */
    everyMinutes: z.number().int().nullable(),
    keep: z.number().int(),
    dir: z.string(),
    lastSuccess: backupRunSchema.nullable(),
    lastFailure: backupRunSchema.nullable(),
    /** The newest runs, newest first. */
    recent: z.array(backupRunSchema),
  }),
  /** What needs the operator, in plain words, the gravest first. */
  warnings: z.array(statusWarning),
});
export type SiteStatus = z.infer<typeof siteStatusResponse>;
