import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { siteRoutes, type SiteRoute } from '../shared/routes';
import { siteQueryOptions } from './api/get-site';
import { visitorsOnlyLoader } from './features/accounts/visitors-only-loader';
import { AuthLayout } from './layouts/auth-layout';
import { DefaultLayout } from './layouts/default-layout';
import { pageModuleFor, pageModuleForPath } from './page-modules';
import { AppLoading, RootShell } from './shell/root-shell';
import { NotFoundPage, RootErrorPage, RouteErrorPage } from './shell/error-page';
import { guardLoader } from './shell/guard-loader';
import { hasGuards } from './shell/guards';
import { RoutePrefetchProvider } from './shell/prefetch-link';
import type { RouteHandle } from './shell/route-handle';

/**
 * Only guarded routes and pages for visitors get a loader: they wait for the session, the
 * others render at once.
 */
function loaderOf(route: SiteRoute, queryClient: QueryClient): Pick<RouteObject, 'loader'> {
  if (hasGuards(route)) return { loader: guardLoader(route, queryClient) };
  if (route.visitorsOnly) return { loader: visitorsOnlyLoader(queryClient) };
  return {};
}

function pageRoute(route: SiteRoute, queryClient: QueryClient): RouteObject {
  const handle: RouteHandle = { siteRoute: route };
  return {
    id: route.name,
    path: route.path,
    handle,
    ...loaderOf(route, queryClient),
    lazy: pageModuleFor(route),
  };
}

function pagesOf(layout: SiteRoute['layout'], queryClient: QueryClient): RouteObject[] {
  return siteRoutes
    .filter((route) => route.layout === layout)
    .map((route) => pageRoute(route, queryClient));
}

/** The root shell, with links that prefetch the pages of this route table. */
function AppRoot() {
  return (
    <RoutePrefetchProvider pageLoaderFor={pageModuleForPath}>
      <RootShell />
    </RoutePrefetchProvider>
  );
}

/**
 * The route tree: root (site data, shell) → layout → error boundary → pages. The boundary sits
 * below the layout so a failing page keeps the header and footer. Built from a function and
 * free of browser globals so a server render can use the same tree with a static router.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppRoot,
      HydrateFallback: AppLoading,
      errorElement: <RootErrorPage />,
      loader: async () => {
        // The layout, <head> and most pages need the site's name.
        await queryClient.ensureQueryData(siteQueryOptions());
        return null;
      },
      children: [
        {
          Component: DefaultLayout,
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                ...pagesOf('default', queryClient),
                { path: '*', Component: NotFoundPage },
              ],
            },
          ],
        },
        {
          Component: AuthLayout,
          children: [{ errorElement: <RouteErrorPage />, children: pagesOf('auth', queryClient) }],
        },
      ],
    },
  ];
}
