import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles.js';
import type { SiteStatus } from '../../../shared/status.js';
import { knownMigrations } from '../../platform/db/migrations.js';
import { backupRuns, jobs } from '../../schema.js';
import { createAgent, signIn, type Agent } from '../../test/auth-helpers.js';
import { buildAccount } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { statusWarnings } from './status.js';

let t: TestApp;
let admin: Agent;
const db = () => t.platforms.database.db;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { BACKUP_EVERY: '1d', BACKUP_KEEP: '5' } });
  admin = await signIn(t.app, await buildAccount(db(), { role: 'admin' }));
});
afterAll(() => t.close());

const status = async () => {
  const res = await admin.inject({ url: '/api/admin/status' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<SiteStatus>();
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('the Status page', () => {
  it('shows every service answering, the version and every migration applied', async () => {
    const site = await status();
    const known = await knownMigrations();
    expect(site.migrations).toEqual({
      applied: known.length,
      latest: known.at(-1)?.tag,
      known: known.length,
    });
    expect(site.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const service of Object.values(site.services)) {
      expect(service).toMatchObject({ ok: true, error: null });
    }
    expect(site.backups).toMatchObject({ everyMinutes: 1440, keep: 5, lastSuccess: null });
    expect(site.warnings).toEqual([{ level: 'warning', text: 'No backup has been taken yet.' }]);
  });

  it('says in plain words that the last backup failed, and when', async () => {
    await db()
      .insert(backupRuns)
      .values([
        {
          trigger: 'schedule',
          startedAt: daysAgo(3),
          finishedAt: daysAgo(3),
          file: '/srv/backups/viewpoint-a.tar.gz',
          bytes: 1000,
        },
        {
          trigger: 'schedule',
          startedAt: daysAgo(2),
          finishedAt: daysAgo(2),
          error: 'ENOSPC: no space left on device, write',
        },
      ]);
    const site = await status();
    expect(site.backups.lastSuccess).toMatchObject({ file: '/srv/backups/viewpoint-a.tar.gz' });
    expect(site.backups.recent).toHaveLength(2);
    expect(site.warnings).toEqual([
      {
        level: 'danger',
        text: 'The last backup failed 2 days ago: ENOSPC: no space left on device, write',
      },
      { level: 'warning', text: 'The last backup is 3 days old.' },
    ]);
  });

  it('says when a message could not be sent, until one is', async () => {
    const outbox = path.join(t.config.dataDir, 'mail');
    const message = {
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Hello.',
      html: '<p>Hello.</p>',
    };
    await rm(outbox, { recursive: true, force: true });
    await writeFile(outbox, 'a file where the folder should be');
    await expect(t.platforms.mailer.send(message)).rejects.toThrow();
    const failing = await status();
    expect(failing.services.mail).toMatchObject({
      ok: false,
      lastFailure: { error: expect.stringMatching(/ENOTDIR|EEXIST/) },
    });
    expect(failing.warnings[0]?.text).toMatch(/^Mail \(outbox\) is not answering: /);
    expect(failing.warnings[1]?.text).toMatch(
      /^An e-mail failed to send less than a minute ago, and none has gone out since: /,
    );

    await rm(outbox);
    await t.platforms.mailer.send(message);
    const sent = await status();
    expect(sent.services.mail).toEqual({
      kind: 'outbox',
      ok: true,
      error: null,
      lastFailure: null,
    });
    expect(sent.warnings.map((w) => w.text).join('\n')).not.toMatch(/Mail|e-mail/);
  });

  it('counts the job queue, dead jobs included', async () => {
    await db()
      .insert(jobs)
      .values([
        { kind: 'status-test', payload: {}, runAt: sql`'infinity'` },
        { kind: 'status-test', payload: {}, runAt: new Date(Date.now() + 3_600_000) },
      ]);
    const site = await status();
    expect(site.jobs).toMatchObject({ dead: 1, later: 1 });
    expect(site.warnings.map((w) => w.text)).toContain(
      '1 background job failed too often and stopped: the log says why.',
    );
  });

  it('is for admins only', async () => {
    for (const role of ['user', 'moderator', 'experienced_moderator'] as Role[]) {
      const agent = await signIn(t.app, await buildAccount(db(), { role }));
      expect((await agent.inject({ url: '/api/admin/status' })).statusCode).toBe(403);
    }
    expect((await createAgent(t.app).inject({ url: '/api/admin/status' })).statusCode).toBe(401);
  });
});

describe('the warnings', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const healthy: Omit<SiteStatus, 'warnings'> = {
    version: '1.0.0',
    migrations: { applied: 3, latest: '0002_x', known: 3 },
    services: {
      database: { kind: 'postgres', ok: true, error: null },
      bus: { kind: 'redis', ok: true, error: null },
      mail: { kind: 'smtp', ok: true, error: null, lastFailure: null },
      storage: { kind: 's3', ok: true, error: null },
    },
    jobs: { due: 0, later: 0, dead: 0, oldestDueSeconds: 0 },
    backups: {
      everyMinutes: 60,
      keep: 7,
      dir: '/b',
      lastSuccess: {
        id: 1,
        trigger: 'schedule',
        startedAt: '2026-11-29T11:30:00.000Z',
        finishedAt: '2026-11-29T11:31:00.000Z',
        file: '/b/x.tar.gz',
        bytes: 10,
        error: null,
      },
      lastFailure: null,
      recent: [],
    },
  };

  it('are none on a healthy site', () => {
    expect(statusWarnings(healthy, now)).toEqual([]);
  });

  it('put a service that does not answer first, then what falls behind', () => {
    const warnings = statusWarnings(
      {
        ...healthy,
        services: {
          ...healthy.services,
          bus: { kind: 'redis', ok: false, error: 'connect ECONNREFUSED 127.0.0.1:6379' },
        },
        jobs: { due: 40, later: 0, dead: 0, oldestDueSeconds: 1800 },
        migrations: { applied: 4, latest: '0003_new', known: 3 },
        backups: {
          ...healthy.backups,
          recent: [
            {
              id: 2,
              trigger: 'schedule',
              startedAt: '2026-11-29T02:00:00.000Z',
              finishedAt: null,
              file: null,
              bytes: null,
              error: null,
            },
          ],
        },
      },
      now,
    );
    expect(warnings).toEqual([
      {
        level: 'danger',
        text: 'Redis (redis) is not answering: connect ECONNREFUSED 127.0.0.1:6379',
      },
      {
        level: 'danger',
        text: 'The database has migrations this version does not know: a newer Viewpoint has run on it.',
      },
      {
        level: 'warning',
        text: 'A backup started 10 hours ago never finished: its process may have stopped while taking it.',
      },
      {
        level: 'warning',
        text: 'Background jobs are falling behind: the oldest has waited 30 minutes.',
      },
    ]);
  });

  it('tell that an e-mail failed to send, and when', () => {
    const warnings = statusWarnings(
      {
        ...healthy,
        services: {
          ...healthy.services,
          mail: {
            ...healthy.services.mail,
            lastFailure: { at: '2026-11-29T11:55:00.000Z', error: 'Greeting never received' },
          },
        },
      },
      now,
    );
    expect(warnings).toEqual([
      {
        level: 'danger',
        text: 'An e-mail failed to send 5 minutes ago, and none has gone out since: Greeting never received',
      },
    ]);
  });

  it('tell a site without a schedule how to take a backup', () => {
    const warnings = statusWarnings(
      { ...healthy, backups: { ...healthy.backups, everyMinutes: null, lastSuccess: null } },
      now,
    );
    expect(warnings).toEqual([
      {
        level: 'warning',
        text: 'No backup has been taken: run npm run backup, or set BACKUP_EVERY for the server to take them.',
      },
    ]);
  });
});
