import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildAdmin, buildAdminStats } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

const admin = buildAdmin();

describe('admin dashboard', () => {
  it('shows each count with a link to its area, and no donations before there are any', async () => {
    stubApi({ ...sessionOf(admin), 'GET /api/admin/stats': () => json(buildAdminStats()) });
    renderRoute('/admin');

    const counts = await screen.findByRole('list', { name: 'Site counts' });
    expect(within(counts).getByLabelText('Users: 1,234')).toBeTruthy();
    expect(within(counts).getByLabelText('New this week: 12')).toBeTruthy();
    expect(within(counts).getByLabelText('Posts: 560')).toBeTruthy();
    expect(within(counts).getByLabelText('Replies: 7,890')).toBeTruthy();
    expect(within(counts).getByLabelText('Open reports: 3')).toBeTruthy();
    expect(within(counts).getByLabelText('Pending mod requests: 2')).toBeTruthy();
    expect(within(counts).queryByText('Donations')).toBeNull();

    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Manage users')).toBe('/admin/users');
    expect(href('Review reports')).toBe('/moderator/reports');
    expect(href('Decide requests')).toBe('/admin/mod-requests');
    expect(href('Audit log')).toBe('/admin/audit');
    expect(href('News articles')).toBe('/admin/news');
    expect(href('Site settings')).toBe('/admin/settings');
    const areas = screen.getByRole('navigation', { name: 'Admin areas' });
    expect(within(areas).getByRole('link', { name: 'Donations' }).getAttribute('href')).toBe(
      '/admin/donations',
    );
  });

  it('shows donations once they exist, a sum per currency paid in, never added together', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/admin/stats': () =>
        json({
          ...buildAdminStats(),
          donations: {
            count: 4,
            amounts: [
              { currency: 'eur', amount: 12_500 },
              { currency: 'usd', amount: 2_000 },
            ],
          },
        }),
    });
    renderRoute('/admin');

    const counts = await screen.findByRole('list', { name: 'Site counts' });
    expect(within(counts).getByText('Donations')).toBeTruthy();
    expect(within(counts).getByText('4 · €125 · $20')).toBeTruthy();
    expect(within(counts).getByRole('link', { name: 'See donations' }).getAttribute('href')).toBe(
      '/admin/donations',
    );
  });

  it('says why the counts are missing when the server refuses', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/admin/stats': () => apiError(403, 'permission-denied', 'Admins only'),
    });
    renderRoute('/admin');

    expect(await screen.findByText('Could not load the counts')).toBeTruthy();
    expect(screen.getByText('Admins only')).toBeTruthy();
  });
});
