import type { QueryClient } from '@tanstack/react-query';
import { unreadCountQueryOptions } from './api/get-unread-count';

/** What the header's bell reads (bell.tsx), for a server render to fetch first. */
export function prefetchBell(queryClient: QueryClient) {
  return queryClient.prefetchQuery(unreadCountQueryOptions());
}
