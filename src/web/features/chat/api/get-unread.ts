import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadResponse } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/chat/unread: unread messages over every room, for the navigation's badge. */
export async function getUnread(): Promise<number> {
  const { total } = await apiFetch('/api/chat/unread', unreadResponse);
  return total;
}

export function unreadQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chatUnread,
    queryFn: getUnread,
    // The live channel keeps it current; a slow poll corrects what it could not see.
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

export function useUnreadTotal(): number {
  return useQuery(unreadQueryOptions()).data ?? 0;
}
