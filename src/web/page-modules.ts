import type { ComponentType } from 'react';
import { findSiteRoute, type SiteRoute } from '../shared/routes';

export interface PageModule {
  Component: ComponentType;
}

/*
 * One dynamic import per page, so Vite gives each page its own chunk. Route `lazy` and link
 * prefetching call the same function; the browser's module cache makes the second call free.
 */
const pages: Record<string, () => Promise<PageModule>> = {
  index: () => import('./features/site/home-page').then((m) => ({ Component: m.HomePage })),
  about: () => import('./features/site/about-page').then((m) => ({ Component: m.AboutPage })),
  privacy: () => import('./features/site/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  terms: () => import('./features/site/terms-page').then((m) => ({ Component: m.TermsPage })),
};

const pendingPage = () =>
  import('./features/pending/pending-page').then((m) => ({ Component: m.PendingPage }));

/** The module of a route in the table; pending routes share the 'not available yet' page. */
export function pageModuleFor(route: SiteRoute): () => Promise<PageModule> {
  if (route.pending) return pendingPage;
  const load = pages[route.name];
  if (!load) throw new Error(`Route '${route.name}' is not pending but has no page module`);
  return load;
}

/** The module behind `pathname`, or undefined when no page serves it. */
export function pageModuleForPath(pathname: string): (() => Promise<PageModule>) | undefined {
  const route = findSiteRoute(pathname);
  return route ? pageModuleFor(route) : undefined;
}
