import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteStatus } from '../../../shared/status';
import { json, sessionOf, stubApi } from '../../test/fake-api';
import { buildAdmin } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

const admin = buildAdmin();

const healthy: SiteStatus = {
  version: '0.1.0',
  migrations: { applied: 25, latest: '0024_backup_runs', known: 25 },
  services: {
    database: { kind: 'pglite', ok: true, error: null },
    bus: { kind: 'memory', ok: true, error: null },
    mail: { kind: 'outbox', ok: true, error: null, lastFailure: null },
    storage: { kind: 'disk', ok: true, error: null },
  },
  jobs: { due: 0, later: 3, dead: 0, oldestDueSeconds: 0 },
  backups: {
    everyMinutes: 1440,
    keep: 7,
    dir: '/srv/viewpoint/backups',
    lastSuccess: null,
    lastFailure: null,
    recent: [
      {
        id: 2,
        trigger: 'schedule',
        startedAt: '2026-11-28T03:00:00.000Z',
        finishedAt: '2026-11-28T03:00:01.000Z',
        file: null,
        bytes: null,
        error: 'ENOSPC: no space left on device, write',
      },
      {
        id: 1,
        trigger: 'command',
        startedAt: '2026-11-27T03:00:00.000Z',
        finishedAt: '2026-11-27T03:00:02.000Z',
        file: '/srv/viewpoint/backups/viewpoint-2026-11-27.tar.gz',
        bytes: 2_500_000,
        error: null,
      },
    ],
  },
  warnings: [],
};

describe('the Status page', () => {
  it('says all is well when nothing needs the operator, and shows each service', async () => {
    stubApi({ ...sessionOf(admin), 'GET /api/admin/status': () => json(healthy) });
    renderRoute('/admin/status');
    expect(await screen.findByText('All is well')).toBeTruthy();
    expect(screen.getByText('Database (embedded)')).toBeTruthy();
    expect(screen.getByText('Live events (in this process)')).toBeTruthy();
    expect(screen.getAllByText('Answering')).toHaveLength(4);
    expect(
      screen.getByText(
        'The server takes one every day into /srv/viewpoint/backups, keeping the newest 7.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /Viewpoint 0\.1\.0 · 25 of 25 migrations applied \(the latest: 0024_backup_runs\)/,
      ),
    ).toBeTruthy();
  });

  it('lists the warnings first, a failed backup with its reason, and a service that does not answer', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/admin/status': () =>
        json({
          ...healthy,
          services: {
            ...healthy.services,
            storage: { kind: 's3', ok: false, error: 'bucket media does not exist' },
          },
          warnings: [
            {
              level: 'danger',
              text: 'The file storage (s3) is not answering: bucket media does not exist',
            },
            {
              level: 'danger',
              text: 'The last backup failed 1 day ago: ENOSPC: no space left on device, write',
            },
          ],
        } satisfies SiteStatus),
    });
    renderRoute('/admin/status');
    const warnings = await screen.findByRole('list', { name: 'Warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The file storage (s3) is not answering: bucket media does not exist',
      'The last backup failed 1 day ago: ENOSPC: no space left on device, write',
    ]);
    expect(screen.getByText('Not answering')).toBeTruthy();
    const runs = screen.getByRole('list', { name: 'Recent backups' });
    const [failed, written] = within(runs).getAllByRole('listitem');
    expect(within(failed as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(
      within(failed as HTMLElement).getByText('ENOSPC: no space left on device, write'),
    ).toBeTruthy();
    expect(within(written as HTMLElement).getByText('Written')).toBeTruthy();
    expect(within(written as HTMLElement).getByText(/2\.4 MB/)).toBeTruthy();
  });

  it('is linked from the dashboard', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/admin/stats': () =>
        json({
          users: 1,
          newUsersThisWeek: 0,
          posts: 0,
          comments: 0,
          openReports: 0,
          pendingModRequests: 0,
          donations: null,
        }),
    });
    renderRoute('/admin');
    const areas = await screen.findByRole('navigation', { name: 'Admin areas' });
    expect(within(areas).getByRole('link', { name: 'Status' }).getAttribute('href')).toBe(
      '/admin/status',
    );
  });
});
