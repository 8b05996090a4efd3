import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '../../../shared/notifications';
import { queryKeys } from '../../api/query-keys';

export type NotificationFilter = 'all' | 'unread';
export const notificationFilters: readonly NotificationFilter[] = ['all', 'unread'];
export type NotificationPages = InfiniteData<NotificationList, string | null>;

/**
 * Applies one change to every cached list (the bell's and the page's, both filters), so what an
 * action or a live event did shows at once without reading the lists again. A list not in the
 * cache stays absent: it is read fresh when shown.
 */
function changeCachedLists(
  queryClient: QueryClient,
  change: (data: NotificationPages, filter: NotificationFilter) => NotificationPages,
): void {
  for (const filter of notificationFilters) {
    queryClient.setQueryData<NotificationPages>(queryKeys.notificationList(filter), (data) =>
      data ? change(data, filter) : data,
    );
  }
}

function eachPage(
  data: NotificationPages,
  change: (items: Notification[]) => Notification[],
): NotificationPages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

/** A new notification, or a regrouped one ("Ana and 4 others liked…"), goes on top. */
export function prependCached(queryClient: QueryClient, notification: Notification): void {
  changeCachedLists(queryClient, (data, filter) => {
    const rest = eachPage(data, (items) => items.filter((item) => item.id !== notification.id));
    if (filter === 'unread' && notification.readAt !== null) return rest;
    const [first, ...older] = rest.pages;
    if (!first) return rest;
    return { ...rest, pages: [{ ...first, items: [notification, ...first.items] }, ...older] };
  });
}

/**
 * Marks one notification read, or all of them. The unread list keeps them in sight until it is
 * read again, so nothing jumps away under the member's pointer.
 */
export function markCachedRead(queryClient: QueryClient, id: number | 'all'): void {
  const readAt = new Date().toISOString();
  changeCachedLists(queryClient, (data) =>
    eachPage(data, (items) =>
      items.map((item) =>
        item.readAt === null && (id === 'all' || item.id === id) ? { ...item, readAt } : item,
      ),
    ),
  );
}

export function removeCached(queryClient: QueryClient, id: number): void {
  changeCachedLists(queryClient, (data) =>
    eachPage(data, (items) => items.filter((item) => item.id !== id)),
  );
}

/** After "Clear all": every list is empty, with no further page to load. */
export function clearCached(queryClient: QueryClient): void {
  changeCachedLists(queryClient, () => ({
    pages: [{ items: [], nextCursor: null, unreadCount: 0 }],
    pageParams: [null],
  }));
}
