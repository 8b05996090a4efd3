import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, noContent, profilePageRoutes, stubApi, testProviders } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const ann = buildUser();

describe('user profile page', () => {
  it('links each part of the settings from one section navigation', async () => {
    stubApi({ ...profilePageRoutes(), 'GET /api/auth/providers': () => json(testProviders) });
    renderRoute('/user-profile');

    const nav = await screen.findByRole('navigation', { name: 'Profile settings' });
    await within(nav).findByRole('link', { name: 'Linked accounts' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Profile and avatar',
      'Account',
      'Password',
      'Second factor',
      'Passkeys',
      'Linked accounts',
      'Sessions',
      'Notifications',
      'Your reports',
      'Your monthly gift',
      'Become a moderator',
      'Delete account',
    ]);
    for (const link of links) {
      const id = link.getAttribute('href')?.replace(/^#/, '') ?? '';
      expect(document.getElementById(id)).toBeTruthy();
    }
    const password = document.getElementById('password');
    expect(within(password!).getByRole('region', { name: 'Password' })).toBeTruthy();
  });

  it('leaves the moderator request out for those who are moderators already', async () => {
    stubApi(profilePageRoutes(buildUser({ role: 'moderator' })));
    renderRoute('/user-profile');

    const nav = await screen.findByRole('navigation', { name: 'Profile settings' });
    expect(within(nav).queryByRole('link', { name: 'Become a moderator' })).toBeNull();
  });

  it('shows the account overview', async () => {
    stubApi(profilePageRoutes());
    renderRoute('/user-profile');

    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(within(overview).getByText('@ann')).toBeTruthy();
    expect(within(overview).getByText('ann@example.com')).toBeTruthy();
    expect(within(overview).getByText('User')).toBeTruthy();
    expect(within(overview).queryByText('Your email address is not verified')).toBeNull();
  });

  it('resends the verification email of an unverified account', async () => {
    const api = stubApi({
      ...profilePageRoutes({ ...ann, emailVerified: false }),
      'POST /api/auth/verify-email/resend': () => json({ status: 'email-sent' }),
    });
    renderRoute('/user-profile');

    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    await waitFor(() => expect(toastTitles()).toContain('Verification email sent'));
    expect(api.callsTo('POST', '/api/auth/verify-email/resend')[0]?.body).toEqual({});
  });

  it('lists the active sessions and signs out another device by its id', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      'DELETE /api/account/sessions/s2': () => noContent(),
    });
    renderRoute('/user-profile');

    const list = await screen.findByRole('region', { name: 'Active sessions' });
    await within(list).findByText('Safari on iPhone');
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Sign out Firefox on Linux' })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Safari on iPhone' }));

    await waitFor(() => expect(toastTitles()).toContain('Device signed out'));
    expect(api.callsTo('DELETE', '/api/account/sessions/s2')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/account/sessions')).toHaveLength(2));
  });
});
