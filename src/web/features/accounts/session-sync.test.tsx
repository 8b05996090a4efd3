import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/accounts';
import { authState, BLOCK_NEWS_KEY, BLOCKED_KEY, IS_USER_KEY } from '../../shell/auth-state';
import { answerLater, apiError, type ApiHandler, stubApi } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

/** A server whose session answer the test changes, as another tab or a moderator would. */
function stubServer() {
  let session: ApiHandler = () => Response.json({ user: null });
  const api = stubApi({ 'GET /api/auth/session': (call) => session(call) });
  return {
    api,
    sessionIs: (user: SessionUser | null) => (session = () => Response.json({ user })),
    sessionAnswers: (answer: ApiHandler) => (session = answer),
  };
}

/** What the browser does in this tab when another tab changes the stored flag. */
function otherTabWrites(value: string) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: IS_USER_KEY, newValue: value }));
  });
}

describe('session across tabs and servers', () => {
  it('another tab signing in shows here at once', async () => {
    const server = stubServer();
    renderRoute('/about');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();

    server.sessionIs(buildUser());
    otherTabWrites('true');

    expect(
      await screen.findByRole('button', { name: 'Account menu for Ann Lee' }, { timeout: 1000 }),
    ).toBeTruthy();
    expect(server.api.callsTo('GET', '/api/auth/session')).toHaveLength(2);
    expect(authState.getState()).toMatchObject({ isUser: true, user: { uid: 'u1' } });
  });

  it('a deep link to a guarded page waits for the session instead of bouncing to login', async () => {
    const server = stubServer();
    const session = answerLater();
    server.sessionAnswers(session.handler);
    const { location } = renderRoute('/add-new');
    // The guard has asked; while the answer is on its way the visitor stays where they are.
    await waitFor(() => expect(server.api.callsTo('GET', '/api/auth/session')).toHaveLength(1));
    expect(location()).toBe('/add-new');

    session.give(Response.json({ user: buildUser() }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();
    expect(location()).toBe('/add-new');
    expect(toastTitles()).toEqual([]);
  });

  it('a session ended in another tab sends a guarded page to login with the toast', async () => {
    const server = stubServer();
    server.sessionIs(buildUser());
    const { location } = renderRoute('/add-new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();

    server.sessionIs(null);
    otherTabWrites('false');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/auth/login?redirect=%2Fadd-new');
    expect(toastTitles()).toEqual(['Authentication Required']);
    expect(authState.getState().isUser).toBe(false);
  });

  it('a session ended elsewhere only signs out on a page anyone may see', async () => {
    const server = stubServer();
    server.sessionIs(buildUser());
    const { location } = renderRoute('/about');
    expect(await screen.findByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();

    server.sessionIs(null);
    otherTabWrites('false');

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/about');
    expect(toastTitles()).toEqual([]);
  });

  it('a block reported by the session check signs out and shows Account Blocked', async () => {
    const server = stubServer();
    server.sessionIs(buildUser());
    const { location } = renderRoute('/about');
    expect(await screen.findByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();

    const block = { reason: 'Repeated spoilers', until: null };
    server.sessionAnswers(() =>
      apiError(403, 'permission-denied', 'This account is blocked', { blocked: block }),
    );
    otherTabWrites('false');

    expect(await screen.findByRole('heading', { level: 1, name: 'Account blocked' })).toBeTruthy();
    expect(location()).toBe('/account-blocked');
    expect(screen.getByText('Repeated spoilers')).toBeTruthy();
    expect(screen.getByText('This block has no end date.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(authState.getState().isUser).toBe(false);
  });

  it('a block reported here is passed on to the other tabs before they see the sign-out', async () => {
    const server = stubServer();
    server.sessionIs(buildUser());
    renderRoute('/about');
    expect(await screen.findByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();
    const writes = vi.spyOn(Storage.prototype, 'setItem');

    const block = { reason: 'Repeated spoilers', until: null };
    server.sessionAnswers(() =>
      apiError(403, 'permission-denied', 'This account is blocked', { blocked: block }),
    );
    otherTabWrites('false');

    expect(await screen.findByRole('heading', { level: 1, name: 'Account blocked' })).toBeTruthy();
    const keys = writes.mock.calls.map(([key]) => key);
    expect(keys.indexOf(BLOCK_NEWS_KEY)).toBeGreaterThanOrEqual(0);
    expect(keys.indexOf(BLOCK_NEWS_KEY)).toBeLessThan(keys.lastIndexOf(IS_USER_KEY));
    expect(writes.mock.calls.find(([key]) => key === BLOCK_NEWS_KEY)?.[1]).toBe(
      JSON.stringify(block),
    );
    writes.mockRestore();
  });

  it('a block another tab was told of shows Account Blocked here, not a silent sign-out', async () => {
    const server = stubServer();
    server.sessionIs(buildUser());
    const { location } = renderRoute('/add-new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();

    // The other tab's refused call ended the session this tab shares.
    server.sessionIs(null);
    const block = { reason: 'Harassment', until: '2031-01-02T03:04:00.000Z' };
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: BLOCK_NEWS_KEY, newValue: JSON.stringify(block) }),
      );
    });
    otherTabWrites('false');

    expect(await screen.findByRole('heading', { level: 1, name: 'Account blocked' })).toBeTruthy();
    expect(location()).toBe('/account-blocked');
    expect(screen.getByText('Harassment')).toBeTruthy();
    expect(screen.getByText(/^Your account is blocked until /)).toBeTruthy();
    expect(toastTitles()).toEqual([]);
    expect(authState.getState().isUser).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem(BLOCKED_KEY) ?? 'null')).toEqual(block);
  });

  it('Account Blocked still explains the block after a reload', async () => {
    stubServer();
    window.sessionStorage.setItem(
      BLOCKED_KEY,
      JSON.stringify({ reason: 'Harassment', until: '2031-01-02T03:04:00.000Z' }),
    );
    renderRoute('/account-blocked');

    expect(await screen.findByText('Harassment')).toBeTruthy();
    expect(screen.getByText(/^Your account is blocked until /)).toBeTruthy();
  });

  it('Account Blocked without a known block says so in general terms', async () => {
    stubServer();
    renderRoute('/account-blocked');

    expect(
      await screen.findByText(/has been blocked by a moderator and cannot be used to sign in/),
    ).toBeTruthy();
  });

  it('the session is not waited for on pages without guards', async () => {
    const server = stubServer();
    server.sessionAnswers(() => new Promise<Response>(() => {}));
    renderRoute('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'About Viewpoint' })).toBeTruthy();
    await waitFor(() => expect(server.api.callsTo('GET', '/api/auth/session')).toHaveLength(1));
  });
});
