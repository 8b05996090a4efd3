import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { unreadCountResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/notifications/unread-count: the bell's number. */
export async function getUnreadCount(): Promise<number> {
  const { unreadCount } = await apiFetch('/api/notifications/unread-count', unreadCountResponse);
  return unreadCount;
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notificationUnread,
    queryFn: getUnreadCount,
    // The live channel keeps it current for verified members; a slow poll serves the others
    // and corrects what the channel could not see.
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

export function useUnreadCount(): number {
  return useQuery(unreadCountQueryOptions()).data ?? 0;
}

/** Every answer of the notifications API carries the count: the bell takes it from there. */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData<number>(queryKeys.notificationUnread, unreadCount);
}
