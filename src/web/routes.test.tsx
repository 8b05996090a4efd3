import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../shared/routes';
import { createQueryClient } from './api/query-client';
import { createRoutes } from './routes';
import { ThemeProvider } from './shell/theme-provider';
import { toast } from './shell/toast-store';

const site = { name: 'Viewpoint', description: 'Films and the people who love them.' };

function flatten(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('route tree', () => {
  it('has one lazily loaded route per entry of the route table, guarded where flagged', () => {
    const routes = flatten(createRoutes(createQueryClient()));
    for (const siteRoute of siteRoutes) {
      const matches = routes.filter((route) => route.path === siteRoute.path);
      expect(matches, siteRoute.path).toHaveLength(1);
      expect(typeof matches[0]?.lazy, siteRoute.path).toBe('function');
      const guarded = Boolean(
        siteRoute.requiresAuth ||
        siteRoute.requiresVerifiedEmail ||
        siteRoute.requiresAdmin ||
        siteRoute.requiresModerator,
      );
      expect(typeof matches[0]?.loader === 'function', siteRoute.path).toBe(guarded);
    }
    expect(routes.filter((route) => route.path === '*')).toHaveLength(1);
  });
});

describe('app routes', () => {
  beforeEach(() => {
    // The server is outside this test: answer GET /api/site and a signed-out session like it does.
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) =>
        Promise.resolve(Response.json(path === '/api/auth/session' ? { user: null } : site)),
      ),
    );
  });
  afterEach(() => {
    toast.clear();
    vi.unstubAllGlobals();
  });

  it('renders a page inside the default layout', async () => {
    renderAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Viewpoint' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Colour mode' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('renders pending pages plainly', async () => {
    renderAt('/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(screen.getByText('This page is not available yet.')).toBeTruthy();
  });

  it('sends a signed-out visitor of /admin to the login page with a toast', async () => {
    const router = renderAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/auth/login?redirect=%2Fadmin',
    );
    expect(toast.getToasts().map((item) => item.title)).toEqual(['Authentication Required']);
  });

  it('answers unknown paths with the 404 page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('The page /no/such/page could not be found.')).toBeTruthy();
  });
});
