/**
 * Every TanStack Query key of the web app, in one place, so invalidations cannot drift from
 * the queries they target.
 */
export const queryKeys = {
  site: ['site'] as const,
};
