import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/accounts';
import { authState } from '../shell/auth-state';
import { stubApi } from '../test/fake-api';
import { buildUser } from '../test/factories';
import { renderRoute } from '../test/render-route';

async function openMenu(user: SessionUser) {
  stubApi({ 'GET /api/auth/session': () => Response.json({ user }) });
  const app = renderRoute('/about');
  const events = userEvent.setup({ delay: null });
  await events.click(await screen.findByRole('button', { name: `Account menu for ${user.name}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  return { ...app, events, menu, items };
}

describe('header account menu', () => {
  it('a visitor gets a Sign in link that comes back to the current page', async () => {
    stubApi();
    renderRoute('/forum?sort=new');

    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/auth/login?redirect=%2Fforum%3Fsort%3Dnew');
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });

  it.each([
    ['user', ['Profile', 'Sign out']],
    ['moderator', ['Profile', 'Review queue', 'Moderate users', 'Sign out']],
    [
      'experienced_moderator',
      ['Profile', 'Review queue', 'Moderate users', 'Duplicate films', 'Sign out'],
    ],
    [
      'admin',
      [
        'Profile',
        'Review queue',
        'Moderate users',
        'Duplicate films',
        'Admin',
        'Admin users',
        'Sign out',
      ],
    ],
  ] as const)('a signed-in %s sees %j', async (role, expected) => {
    const { items } = await openMenu(buildUser({ role }));
    expect(items).toEqual(expected);
  });

  it('links the profile, moderation and admin pages', async () => {
    const { menu } = await openMenu(buildUser({ role: 'admin' }));
    const href = (name: string) =>
      within(menu).getByRole('menuitem', { name }).getAttribute('href');
    expect(href('Profile')).toBe('/user-profile');
    expect(href('Review queue')).toBe('/moderator/reports');
    expect(href('Moderate users')).toBe('/moderator/users');
    expect(href('Admin users')).toBe('/admin/users');
    expect(href('Admin')).toBe('/admin');
  });

  it('signing out tells the server, forgets the user and goes home', async () => {
    const { events, menu, location } = await openMenu(buildUser());
    const api = stubApi();

    await events.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(authState.getState()).toEqual({ isUser: false, user: null });
    expect(window.localStorage.getItem('viewpoint:isUser')).toBe('false');
  });

  it('an unverified user sees the banner with a link to verify', async () => {
    stubApi({
      'GET /api/auth/session': () => Response.json({ user: buildUser({ emailVerified: false }) }),
    });
    renderRoute('/about');

    const banner = await screen.findByRole('region', { name: 'Email verification' });
    expect(banner.textContent).toContain('Verify your email to post, chat and donate');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/auth/verify-email');
  });
});
