import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authState } from '../../shell/auth-state';
import { apiError, noContent, stubApi } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const token = 'emailed-token-0123456789';

function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
}

describe('magic link page', () => {
  it('signs in with the emailed link once and goes home', async () => {
    const api = stubApi({
      'POST /api/auth/magic-link/verify': () => Response.json({ user: buildUser() }),
    });
    const { location } = renderRoute(`/auth/magic-link?token=${token}`, { strict: true });

    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/magic-link/verify')).toHaveLength(1);
    expect(authState.getState()).toMatchObject({ isUser: true, user: { uid: 'u1' } });
  });

  it('says when the link no longer works', async () => {
    stubApi({
      'POST /api/auth/magic-link/verify': () =>
        apiError(400, 'invalid-argument', 'This sign-in link has expired.'),
    });
    renderRoute(`/auth/magic-link?token=${token}`);

    expect((await screen.findByRole('alert')).textContent).toContain('has expired');
  });
});

describe('reset password page', () => {
  async function choosePassword(password: string) {
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await user.type(field('New password'), password);
    await user.type(field('Confirm new password'), password);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('changes the password, says so and goes to sign in', async () => {
    const api = stubApi({ 'POST /api/auth/password-reset': noContent });
    const { location } = renderRoute(`/auth/reset-password?token=${token}`);

    await choosePassword('a long and quiet evening');

    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(toastTitles()).toEqual(['Password changed']);
    expect(api.callsTo('POST', '/api/auth/password-reset').map((call) => call.body)).toEqual([
      { token, password: 'a long and quiet evening' },
    ]);
  });

  it('refetches the policy when the server refuses the password', async () => {
    const api = stubApi({
      'POST /api/auth/password-reset': () =>
        apiError(400, 'invalid-argument', 'Password does not meet the requirements', {
          reason: 'password-policy',
          rules: ['not-common'],
        }),
    });
    renderRoute(`/auth/reset-password?token=${token}`);

    await choosePassword('password1234');

    expect(await screen.findByText('Password does not meet the requirements')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/password-policy')).toHaveLength(2));
  });
});

describe('change email page', () => {
  it('confirms the new address with a toast', async () => {
    const api = stubApi({
      'POST /api/account/email/verify': () =>
        Response.json({ user: buildUser({ email: 'ann@new.example' }) }),
    });
    const { location } = renderRoute(`/auth/change-email?token=${token}`, { strict: true });

    await waitFor(() => expect(location()).toBe('/user-profile'));
    expect(api.callsTo('POST', '/api/account/email/verify')).toHaveLength(1);
    expect(toastTitles()).toEqual(['Email changed']);
  });

  it('asks a signed-out visitor to sign in and come back to the link', async () => {
    stubApi({
      'POST /api/account/email/verify': () =>
        apiError(401, 'unauthenticated', 'Please log in to continue'),
    });
    renderRoute(`/auth/change-email?token=${token}`);

    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(
      `/auth/login?redirect=${encodeURIComponent(`/auth/change-email?token=${token}`)}`,
    );
  });
});

describe('forgot password page', () => {
  it('asks for a reset link and answers the same whoever the address belongs to', async () => {
    const api = stubApi({
      'POST /api/auth/password-reset/request': () => Response.json({ status: 'email-sent' }),
    });
    renderRoute('/auth/forgot-password');
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByLabelText(/^Email/), ' Ann@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    const notice = await screen.findByRole('status', { name: 'Check your inbox' });
    expect(notice.textContent).toContain('If an account uses ann@example.com');
    expect(
      api.callsTo('POST', '/api/auth/password-reset/request').map((call) => call.body),
    ).toEqual([{ email: 'ann@example.com' }]);
  });
});
