import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { notificationListResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import type { NotificationFilter } from '../notification-cache';
import { setUnreadCount } from './get-unread-count';

/** The page's step; the bell shows the first few of the same list, so both share one cache. */
const pageSize = 20;

/** GET /api/notifications: newest first, all or only the unread ones. */
export function getNotifications(filter: NotificationFilter, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(pageSize) });
  if (cursor !== null) params.set('cursor', cursor);
  if (filter === 'unread') params.set('unread', 'true');
  return apiFetch(`/api/notifications?${params.toString()}`, notificationListResponse);
}

export function notificationsQueryOptions(filter: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.notificationList(filter),
    queryFn: async ({ pageParam, client }) => {
      const page = await getNotifications(filter, pageParam);
      setUnreadCount(client, page.unreadCount);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useNotifications(filter: NotificationFilter) {
  // Switching the filter keeps the rows in sight (marked busy) until the other list arrives.
  return useInfiniteQuery({
    ...notificationsQueryOptions(filter),
    placeholderData: keepPreviousData,
  });
}
