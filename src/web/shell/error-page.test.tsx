import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { renderWithTheme } from '../test/render';
import { authState, BLOCKED_KEY, blockFromState } from './auth-state';
import { describeError } from './describe-error';
import { NotFoundPage, RouteErrorPage } from './error-page';

describe('describeError', () => {
  it('404 is Page Not Found with the path, whatever the error says', () => {
    const error = new ApiError({ code: 'not-found', status: 404, message: 'post not found' });
    expect(describeError(error, '/nowhere')).toEqual({
      status: 404,
      title: 'Page Not Found',
      description: 'The page /nowhere could not be found.',
    });
  });

  it('uses the status text as title and the message as description', () => {
    const error = new ApiError({
      code: 'unavailable',
      status: 503,
      statusText: 'Service Unavailable',
      message: 'The database is restarting',
    });
    expect(describeError(error, '/forum')).toEqual({
      status: 503,
      title: 'Service Unavailable',
      description: 'The database is restarting',
    });
  });

  it('defaults to 500 Internal Server Error with the error message', () => {
    expect(describeError(new Error('boom'), '/')).toEqual({
      status: 500,
      title: 'Internal Server Error',
      description: 'boom',
    });
    expect(describeError(undefined, '/')).toMatchObject({
      status: 500,
      title: 'Internal Server Error',
    });
  });
});

function renderAt(path: string, loader?: () => unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/broken',
        loader,
        Component: () => null,
        HydrateFallback: () => null,
        errorElement: <RouteErrorPage />,
      },
      // Stand-ins for the accounts pages the error page sends to.
      { path: '/access-denied', Component: () => <h1>Access Denied</h1> },
      { path: '/account-blocked', Component: BlockedStandIn },
      { path: '*', Component: NotFoundPage },
    ],
    { initialEntries: [path] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return router;
}

function BlockedStandIn() {
  const state: unknown = useLocation().state;
  return <h1>Blocked: {blockFromState(state)?.reason}</h1>;
}

describe('error page', () => {
  // The page reports crashes to the server (POST /api/client-errors); the server is not here.
  const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });

  it('the catch-all route shows 404 with the path and a Go home link', async () => {
    renderAt('/no/such/page');

    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText('The page /no/such/page could not be found.')).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('404');
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('a route error shows its status, title and message', async () => {
    renderAt('/broken', () => {
      throw new Error('The projector caught fire');
    });

    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Internal Server Error');
    expect(screen.getByText('The projector caught fire')).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('500');
    // The report is sent from an effect, which may run after the page is on screen.
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/client-errors', expect.anything()),
    );
  });

  it('a thrown response shows its own status text and message', async () => {
    renderAt('/broken', () => {
      // react-router's way for a loader to answer with an HTTP error status.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw data('Slow down', { status: 429, statusText: 'Too Many Requests' });
    });

    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Too Many Requests');
    expect(screen.getByText('Slow down')).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('429');
  });

  it('a thrown 404 response is Page Not Found with the path', async () => {
    renderAt('/broken', () => {
      // react-router's way for a loader to answer with an HTTP error status.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw data(null, { status: 404 });
    });

    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText('The page /broken could not be found.')).toBeTruthy();
  });

  it('a page the server refuses (permission-denied) becomes Access Denied', async () => {
    const router = renderAt('/broken', () => {
      throw new ApiError({
        code: 'permission-denied',
        status: 403,
        message: 'Moderators only',
      });
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a page refused because the account is blocked becomes Account Blocked', async () => {
    const block = { reason: 'Spam', until: null };
    authState.signIn({
      uid: 'u1',
      name: 'Ann',
      username: 'ann',
      emailVerified: true,
      role: 'user',
    });
    const router = renderAt('/broken', () => {
      throw new ApiError({
        code: 'permission-denied',
        status: 403,
        message: 'This account is blocked',
        details: { blocked: block },
      });
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blocked: Spam' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account-blocked');
    expect(JSON.parse(window.sessionStorage.getItem(BLOCKED_KEY) ?? 'null')).toEqual(block);
    expect(authState.getState().isUser).toBe(false);
    window.sessionStorage.clear();
  });
});
