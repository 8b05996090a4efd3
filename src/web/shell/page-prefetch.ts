import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { SessionUser } from '../../shared/session';

/**
 * What a page's `prefetch` (page-modules.ts) is given: its address, its route's parameters and
 * the query cache to fill, with the same query options its components use.
 */
export interface PagePrefetch {
  url: URL;
  params: Params;
  queryClient: QueryClient;
  /** Who reads the page (fetched beside the page's own data): null for a visitor. */
  viewer: Promise<SessionUser | null>;
}
