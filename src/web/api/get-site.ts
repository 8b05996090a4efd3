import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/site: the site's public identity (SITE_NAME renames it). */
export const siteSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Admins and moderators must have a second factor on before any staff page. */
  staffSecondFactor: z.boolean().default(false),
});

export type Site = z.infer<typeof siteSchema>;

export function getSite(): Promise<Site> {
  return apiFetch('/api/site', siteSchema);
}

export function siteQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.site,
    queryFn: getSite,
    // The name only changes when the operator restarts the server with a new SITE_NAME.
    staleTime: 10 * 60 * 1000,
  });
}

/** The site, already loaded by the root route's loader. */
export function useSite(): Site {
  return useSuspenseQuery(siteQueryOptions()).data;
}
