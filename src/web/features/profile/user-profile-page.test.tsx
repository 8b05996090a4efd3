import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cancelConfirm } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { json, noContent, stubApi } from '../../test/fake-api';
import { accountRoutes, ann, renderProfile, section, toastTitles } from './profile-test-kit';

afterEach(async () => {
  await cancelConfirm();
  toast.clear();
});

describe('user profile page', () => {
  it('shows the account overview', async () => {
    stubApi(accountRoutes());
    renderProfile();

    const overview = await section('Overview');
    expect(within(overview).getByText('@ann')).toBeTruthy();
    expect(within(overview).getByText('ann@example.com')).toBeTruthy();
    expect(within(overview).getByText('User')).toBeTruthy();
    expect(within(overview).queryByText('Your email address is not verified')).toBeNull();
  });

  it('resends the verification email of an unverified account', async () => {
    const api = stubApi({
      ...accountRoutes({ ...ann, emailVerified: false }),
      'POST /api/auth/verify-email/resend': () => json({ status: 'email-sent' }),
    });
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    await waitFor(() => expect(toastTitles()).toContain('Verification email sent'));
    expect(api.callsTo('POST', '/api/auth/verify-email/resend')[0]?.body).toEqual({});
  });

  it('lists the active sessions and signs out another device by its id', async () => {
    const api = stubApi({
      ...accountRoutes(),
      'DELETE /api/account/sessions/s2': () => noContent(),
    });
    renderProfile();

    const list = await section('Active sessions');
    await within(list).findByText('Safari on iPhone');
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Sign out Firefox on Linux' })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Safari on iPhone' }));

    await waitFor(() => expect(toastTitles()).toContain('Device signed out'));
    expect(api.callsTo('DELETE', '/api/account/sessions/s2')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/account/sessions')).toHaveLength(2));
  });
});
