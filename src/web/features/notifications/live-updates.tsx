import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  notificationCreatedEvent,
  notificationEvents,
  unreadCountResponse,
} from '../../../shared/notifications';
import { holdLiveSocket } from '../../api/live-socket';
import { queryKeys } from '../../api/query-keys';
import { useViewer } from '../../components/use-viewer';
import { setUnreadCount } from './api/get-unread-count';
import { prependCached } from './notification-cache';

/**
 * Keeps the bell and the lists current over the site's live channel while a verified member is
 * signed in: a new notification goes on top of the cached lists with the new count; a count
 * changed elsewhere (read in another tab) is taken as is. Renders nothing.
 */
export default function LiveUpdates() {
  const queryClient = useQueryClient();
  const viewerId = useViewer()?.id;

  useEffect(() => {
    if (viewerId === undefined) return;
    const { socket, release } = holdLiveSocket();
    // Named, so that leaving removes these and only these: chat listens on the same socket.
    const listeners: Record<string, (payload: unknown) => void> = {
      // Whatever came while the channel was down was not heard: read the count and lists again.
      connect: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notificationUnread });
        void queryClient.invalidateQueries({ queryKey: queryKeys.notificationLists });
      },
      [notificationEvents.created]: (payload) => {
        const parsed = notificationCreatedEvent.safeParse(payload);
        if (!parsed.success) return;
        setUnreadCount(queryClient, parsed.data.unreadCount);
        prependCached(queryClient, parsed.data.notification);
      },
      [notificationEvents.count]: (payload) => {
        const parsed = unreadCountResponse.safeParse(payload);
        if (!parsed.success) return;
        const known = queryClient.getQueryData<number>(queryKeys.notificationUnread);
        setUnreadCount(queryClient, parsed.data.unreadCount);
        // Read or removed in another tab: the lists' marks follow. This tab's own reads are
        // in its lists already.
        if (known !== parsed.data.unreadCount)
          void queryClient.invalidateQueries({ queryKey: queryKeys.notificationLists });
      },
    };
    for (const [event, listener] of Object.entries(listeners)) socket.on(event, listener);
    return () => {
      for (const [event, listener] of Object.entries(listeners)) socket.off(event, listener);
      release();
    };
  }, [queryClient, viewerId]);

  return null;
}
