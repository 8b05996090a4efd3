// The tables every feature builds on: members (`users`: who wrote or did anything), the audit log
// and the job queue. Account tables follow Better Auth's core schema (plus its admin and username
// plugins' columns) so the accounts feature adopts them without a data migration.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').unique(),
    displayUsername: text('display_username'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** A moderator's mute (silence): the account reads but cannot post, reply or chat until then. */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    muteReason: text('mute_reason'),
    /** Set when the owner deleted the account: personal data is scrubbed, content stays. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Every way in asks for a second factor (an authenticator's code or a recovery code). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** False for a newcomer from an identity provider until they confirm the username made up. */
    usernameChosen: boolean('username_chosen').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_role_idx').on(table.role),
    // People search: trigram similarity finds a misspelt username or name (pg_trgm, 0001).
    index('users_username_trgm_idx').using('gin', sql`lower(${table.username}) gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

/**
 * Every moderation and admin action: who, what, on which target, why, and what changed. Kept
 * forever; a database trigger refuses UPDATE and DELETE, so no code path can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The member who acted; null when the site itself did (automatic actions, the CLI). */
    actorId: text('actor_id').references(() => users.id),
    /** An action name from src/shared/audit-log.ts (`post.hide`, `user.role`, ...). */
    action: text('action').notNull(),
    /** user, post, comment, report, mod-request, news, category, site. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What the target was called when the action happened (a title, a username). */
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_time_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_actor_idx').on(table.actorId, table.id.desc()),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.id.desc()),
    index('audit_log_action_idx').on(table.action, table.id.desc()),
  ],
);

/**
 * Work done after a write, off the request path (core/jobs.ts). A job is inserted in the
 * transaction of the write that asks for it; a runner claims it for a lease (`locked_until`),
 * deletes it once done, or moves `run_at` forward after a failure. A job that failed too often
 * stays with `run_at` = 'infinity' and its last error, for someone to look at.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claims so far; also the claim's token, so a runner whose lease ran out changes nothing. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** At most one waiting job per key: enqueuing the same key again does nothing. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt, table.id)
      .where(sql`${table.runAt} < 'infinity'`),
  ],
);
