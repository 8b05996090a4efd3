import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authState } from '../../shell/auth-state';
import { apiError, stubApi } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const token = 'verify-token-0123456789';

describe('verify-email page', () => {
  it('posts the token once, even in StrictMode, then signs in and goes home', async () => {
    const api = stubApi({
      'POST /api/auth/verify-email': () => Response.json({ user: buildUser() }),
    });
    const { location } = renderRoute(`/auth/verify-email?token=${token}`, { strict: true });

    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/verify-email').map((call) => call.body)).toEqual([
      { token },
    ]);
    expect(toastTitles()).toEqual(['Email verified']);
    expect(authState.getState()).toMatchObject({
      isUser: true,
      user: { uid: 'u1', emailVerified: true },
    });
    expect(await screen.findByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();
  });

  it('explains a used link and offers a new one by email', async () => {
    const api = stubApi({
      'POST /api/auth/verify-email': () =>
        apiError(400, 'invalid-argument', 'This link is invalid, expired or already used.'),
      'POST /api/auth/verify-email/resend': () => Response.json({ status: 'email-sent' }),
    });
    renderRoute(`/auth/verify-email?token=${token}`);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link is invalid, expired or already used.');

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));

    expect(await screen.findByRole('status', { name: 'Check your inbox' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/verify-email/resend').map((call) => call.body)).toEqual([
      { email: 'ann@example.com' },
    ]);
    expect(authState.getState().isUser).toBe(false);
  });

  it('resends to the own address of a signed-in, unverified user with one button', async () => {
    const api = stubApi({
      'GET /api/auth/session': () => Response.json({ user: buildUser({ emailVerified: false }) }),
      'POST /api/auth/verify-email/resend': () => Response.json({ status: 'email-sent' }),
    });
    renderRoute('/auth/verify-email');

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Send me a new link' }));

    expect(await screen.findByRole('status', { name: 'Check your inbox' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/verify-email/resend').map((call) => call.body)).toEqual([
      {},
    ]);
  });

  it('leads back: a signed-in member to the home page, a visitor to the sign-in', async () => {
    stubApi({
      'GET /api/auth/session': () => Response.json({ user: buildUser({ emailVerified: false }) }),
    });
    const member = renderRoute('/auth/verify-email');
    const home = await screen.findByRole('link', { name: 'Back to the home page' });
    expect(home.getAttribute('href')).toBe('/');
    await userEvent.click(home);
    await waitFor(() => expect(member.location()).toBe('/'));
    member.unmount();

    stubApi();
    authState.signOut();
    renderRoute('/auth/verify-email');
    const signIn = await screen.findByRole('link', { name: 'Back to sign in' });
    expect(signIn.getAttribute('href')).toBe('/auth/login');
  });
});
