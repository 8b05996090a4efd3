import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteRoutes } from '../shared/routes';
import { createQueryClient } from './api/query-client';
import { createRoutes } from './routes';
import { stubApi } from './test/fake-api';
import { renderRoute, toastTitles } from './test/render-route';

function flatten(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

describe('route tree', () => {
  it('has one lazily loaded route per entry of the route table, with a loader where guarded or for visitors only', () => {
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
      expect(typeof matches[0]?.loader === 'function', siteRoute.path).toBe(
        guarded || siteRoute.visitorsOnly === true,
      );
    }
    expect(routes.filter((route) => route.path === '*')).toHaveLength(1);
  });
});

describe('app routes', () => {
  // The server answers the site and a signed-out session, as it does for a first visit.
  beforeEach(() => stubApi());

  it('renders a page inside the default layout', async () => {
    renderRoute('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Viewpoint' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Colour mode' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('sends a signed-out visitor of /admin to the login page with a toast', async () => {
    const { location } = renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/auth/login?redirect=%2Fadmin');
    expect(toastTitles()).toEqual(['Authentication Required']);
  });

  it('answers unknown paths with the 404 page', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('The page /no/such/page could not be found.')).toBeTruthy();
  });
});
