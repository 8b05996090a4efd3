import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, noContent, profilePageRoutes, stubApi } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const ann = buildUser();

describe('user profile page', () => {
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
