import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authState, BLOCKED_KEY } from '../../shell/auth-state';
import { apiError, sessionOf, stubApi } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { typeBeforeAppStarts } from '../../test/before-app';
import { renderRoute } from '../../test/render-route';

async function signIn(email = 'Ann@Example.com', password = 'correct horse battery') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('signs in and continues to the page named by redirect', async () => {
    const api = stubApi({
      'POST /api/auth/sign-in': () => Response.json({ user: buildUser() }),
    });
    const { location } = renderRoute('/auth/login?redirect=%2Fadd-new');

    await signIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();
    expect(location()).toBe('/add-new');
    expect(api.callsTo('POST', '/api/auth/sign-in').map((call) => call.body)).toEqual([
      { email: 'ann@example.com', password: 'correct horse battery' },
    ]);
    expect(authState.getState()).toMatchObject({ isUser: true, user: { uid: 'u1' } });
    expect(window.localStorage.getItem('viewpoint:isUser')).toBe('true');
    // The header now shows the account menu instead of 'Sign in'.
    expect(await screen.findByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();
  });

  it('asks for the second factor after a right password, and continues once it is right', async () => {
    const api = stubApi({
      'POST /api/auth/sign-in': () =>
        Response.json({ secondFactor: { methods: ['authenticator', 'recovery-code'] } }),
      'POST /api/auth/second-factor': (call) =>
        (call.body as { code: string }).code === '123 456'
          ? Response.json({ user: buildUser() })
          : apiError(400, 'invalid-argument', 'That code is not right.'),
    });
    const { location } = renderRoute('/auth/login?redirect=%2Fadd-new');
    await signIn();

    const user = userEvent.setup({ delay: null });
    const code = await screen.findByLabelText(/^Code/);
    expect(authState.getState().isUser).toBe(false);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not right.');

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByLabelText('Trust this browser for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();
    expect(location()).toBe('/add-new');
    expect(api.callsTo('POST', '/api/auth/second-factor').at(-1)?.body).toEqual({
      code: '123 456',
      trustBrowser: true,
    });
    expect(authState.getState()).toMatchObject({ isUser: true, user: { uid: 'u1' } });
  });

  it('keeps what was typed when the member starts again from the second factor', async () => {
    stubApi({
      'POST /api/auth/sign-in': () =>
        Response.json({ secondFactor: { methods: ['authenticator', 'recovery-code'] } }),
    });
    renderRoute('/auth/login');
    await signIn();
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Start again' }));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Email/)).value).toBe(
      'Ann@Example.com',
    );
  });

  it('goes home when redirect points at another site', async () => {
    stubApi({ 'POST /api/auth/sign-in': () => Response.json({ user: buildUser() }) });
    const { location } = renderRoute('/auth/login?redirect=%2F%2Fevil.com%2Fsteal');

    await signIn();

    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows the server message inline on 401 and stays on the page', async () => {
    stubApi({
      'POST /api/auth/sign-in': () =>
        apiError(401, 'unauthenticated', 'Email or password is incorrect'),
    });
    const { location } = renderRoute('/auth/login');

    await signIn();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email or password is incorrect');
    expect(location()).toBe('/auth/login');
    expect(authState.getState().isUser).toBe(false);
  });

  it('shows the retry message when signing in too often (429)', async () => {
    stubApi({
      'POST /api/auth/sign-in': () =>
        apiError(429, 'resource-exhausted', 'Too many attempts. Try again in 5 minutes.'),
    });
    renderRoute('/auth/login');

    await signIn();

    expect((await screen.findByRole('alert')).textContent).toContain('Try again in 5 minutes.');
  });

  it('takes a blocked account to Account Blocked with the reason and end date', async () => {
    const block = { reason: 'Spoilers in every thread', until: '2031-05-04T12:00:00.000Z' };
    stubApi({
      'POST /api/auth/sign-in': () =>
        apiError(403, 'permission-denied', 'This account is blocked', { blocked: block }),
    });
    const { location } = renderRoute('/auth/login?redirect=%2Fforum');

    await signIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Account blocked' })).toBeTruthy();
    expect(location()).toBe('/account-blocked');
    expect(screen.getByText('Spoilers in every thread')).toBeTruthy();
    const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
    expect(
      screen.getByText(`Your account is blocked until ${until.format(new Date(block.until))}.`),
    ).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem(BLOCKED_KEY) ?? 'null')).toEqual(block);
    expect(authState.getState().isUser).toBe(false);
  });

  it('keeps the email and password typed before the app started, and signs in with them', async () => {
    const api = stubApi({
      'POST /api/auth/sign-in': () => Response.json({ user: buildUser() }),
    });
    typeBeforeAppStarts({ email: 'ann@example.com', password: 'typed before the scripts' });
    const { location } = renderRoute('/auth/login?redirect=%2Fforum');

    const email = await screen.findByLabelText<HTMLInputElement>(/^Email/);
    expect(email.value).toBe('ann@example.com');
    expect(screen.getByLabelText<HTMLInputElement>(/^Password/).value).toBe(
      'typed before the scripts',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location()).toBe('/forum'));
    expect(api.callsTo('POST', '/api/auth/sign-in').map((call) => call.body)).toEqual([
      { email: 'ann@example.com', password: 'typed before the scripts' },
    ]);
  });

  it('sends a member who is signed in already on to the page named by redirect', async () => {
    stubApi(sessionOf(buildUser()));
    const { location } = renderRoute('/auth/login?redirect=%2Fforum%3Fsort%3Dtop');

    await waitFor(() => expect(location()).toBe('/forum?sort=top'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forum' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('sends a signed-in member home when redirect is missing, foreign or the sign-in page', async () => {
    for (const entry of [
      '/auth/login',
      '/auth/login?redirect=%2F%2Fevil.com%2Fsteal',
      '/auth/login?redirect=%2Fauth%2Flogin',
    ]) {
      stubApi(sessionOf(buildUser()));
      const { location, unmount } = renderRoute(entry);
      await waitFor(() => expect(location(), entry).toBe('/'));
      unmount();
    }
  });

  it('emails a sign-in link to the address typed and says to check the inbox', async () => {
    const api = stubApi({
      'POST /api/auth/magic-link': () => Response.json({ status: 'email-sent' }),
    });
    renderRoute('/auth/login');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/magic-link')).toEqual([]);

    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/magic-link').map((call) => call.body)).toEqual([
      { email: 'ann@example.com' },
    ]);
  });
});
