import type { SiteRoute } from '../../shared/routes';

/** What routes.tsx puts in a route's `handle`. */
export interface RouteHandle {
  siteRoute?: SiteRoute;
  /** A page may force light or dark; never system (SPEC §2). */
  forceColorScheme?: 'light' | 'dark';
}

interface MatchLike {
  handle: unknown;
}

function asRouteHandle(handle: unknown): RouteHandle {
  return typeof handle === 'object' && handle !== null ? handle : {};
}

/** The deepest match's handle value for `key`, so a child route overrides its parents. */
export function deepestHandle<K extends keyof RouteHandle>(
  matches: readonly MatchLike[],
  key: K,
): RouteHandle[K] | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const value = asRouteHandle(matches[index]?.handle)[key];
    if (value !== undefined) return value;
  }
  return undefined;
}
