import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadCountResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { markCachedRead } from '../notification-cache';
import { setUnreadCount } from './get-unread-count';

/** POST /api/notifications/read-all. */
export function markAllNotificationsRead() {
  return apiFetch('/api/notifications/read-all', unreadCountResponse, { method: 'POST' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unreadCount }) => {
      setUnreadCount(queryClient, unreadCount);
      markCachedRead(queryClient, 'all');
    },
  });
}
