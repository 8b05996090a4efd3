import {
  browserSupportsWebAuthn,
  startAuthentication,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../shell/auth-state';
import { apiError, json, stubApi, testPasskeyOptions } from '../../test/fake-api';
import { buildAuthenticationResponse, buildUser } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

// The browser's passkey prompt is outside the app: the tests answer for it.
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: vi.fn(),
  startAuthentication: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReset().mockReturnValue(true);
  vi.mocked(startAuthentication).mockReset().mockResolvedValue(buildAuthenticationResponse());
});

const cancelled = () =>
  new WebAuthnError({
    message: 'The operation either timed out or was not allowed.',
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    cause: new DOMException('The operation was not allowed.', 'NotAllowedError'),
  });

const passkeySignIn = {
  'POST /api/auth/passkey/options': () => json({ options: testPasskeyOptions.request }),
  'POST /api/auth/passkey': () => json({ user: buildUser() }),
};

/** A password sign-in that the member's second factor holds up. */
const secondFactorAsked = {
  'POST /api/auth/sign-in': () =>
    json({ secondFactor: { methods: ['authenticator', 'recovery-code'] } }),
  'POST /api/auth/second-factor/passkey/options': () =>
    json({ options: testPasskeyOptions.request }),
  'POST /api/auth/second-factor/passkey': () => json({ user: buildUser() }),
};

async function signInWithPassword() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign in with a passkey', () => {
  it('signs in and continues to the page named by redirect, like a password', async () => {
    const api = stubApi(passkeySignIn);
    const { location } = renderRoute('/auth/login?redirect=%2Fadd-new');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();
    expect(location()).toBe('/add-new');
    expect(api.callsTo('POST', '/api/auth/passkey/options')).toHaveLength(1);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: testPasskeyOptions.request });
    expect(api.callsTo('POST', '/api/auth/passkey').map((call) => call.body)).toEqual([
      { response: buildAuthenticationResponse() },
    ]);
    expect(authState.getState()).toMatchObject({ isUser: true, user: { uid: 'u1' } });
    expect(await screen.findByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();
  });

  it('says calmly that the prompt was cancelled, and stays on the page signed out', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(cancelled());
    const api = stubApi(passkeySignIn);
    const { location } = renderRoute('/auth/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not sign in with a passkey');
    expect(alert.textContent).toContain('Passkey request cancelled or timed out.');
    expect(api.callsTo('POST', '/api/auth/passkey')).toHaveLength(0);
    expect(location()).toBe('/auth/login');
    expect(authState.getState().isUser).toBe(false);
    // The password form is still there to use instead.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the server’s message when it refuses the passkey', async () => {
    stubApi({
      ...passkeySignIn,
      'POST /api/auth/passkey': () =>
        apiError(401, 'unauthenticated', 'That passkey does not sign in here.'),
    });
    renderRoute('/auth/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'That passkey does not sign in here.',
    );
    expect(authState.getState().isUser).toBe(false);
  });

  it('offers no passkey where the browser cannot use one', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    stubApi();
    renderRoute('/auth/login');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe('a passkey in place of the second factor’s code', () => {
  it('finishes the sign-in, trusting this browser as ticked', async () => {
    const api = stubApi(secondFactorAsked);
    const { location } = renderRoute('/auth/login?redirect=%2Fadd-new');
    const user = await signInWithPassword();

    await user.click(await screen.findByLabelText('Trust this browser for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Use a passkey instead' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();
    expect(location()).toBe('/add-new');
    expect(api.callsTo('POST', '/api/auth/second-factor/passkey/options')).toHaveLength(1);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: testPasskeyOptions.request });
    expect(api.callsTo('POST', '/api/auth/second-factor/passkey').map((call) => call.body)).toEqual(
      [{ response: buildAuthenticationResponse(), trustBrowser: true }],
    );
    expect(api.callsTo('POST', '/api/auth/second-factor')).toHaveLength(0);
    expect(authState.getState()).toMatchObject({ isUser: true, user: { uid: 'u1' } });
  });

  it('says so when the member has no passkey, and the code still works', async () => {
    const api = stubApi({
      ...secondFactorAsked,
      'POST /api/auth/second-factor/passkey/options': () =>
        apiError(412, 'failed-precondition', 'This account has no passkey. Enter a code instead.'),
      'POST /api/auth/second-factor': () => json({ user: buildUser() }),
    });
    const { location } = renderRoute('/auth/login?redirect=%2Fadd-new');
    const user = await signInWithPassword();

    await user.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This account has no passkey. Enter a code instead.',
    );
    expect(startAuthentication).not.toHaveBeenCalled();
    expect(authState.getState().isUser).toBe(false);

    await user.type(screen.getByLabelText(/^Code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/add-new'));
    expect(api.callsTo('POST', '/api/auth/second-factor').map((call) => call.body)).toEqual([
      { code: '123 456', trustBrowser: false },
    ]);
  });

  it('says calmly that the prompt was cancelled, leaving the code to type', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(cancelled());
    const api = stubApi(secondFactorAsked);
    renderRoute('/auth/login');
    const user = await signInWithPassword();

    await user.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Passkey request cancelled or timed out.',
    );
    expect(api.callsTo('POST', '/api/auth/second-factor/passkey')).toHaveLength(0);
    expect(screen.getByLabelText(/^Code/)).toBeTruthy();
  });
});
