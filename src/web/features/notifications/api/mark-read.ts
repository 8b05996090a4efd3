import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadCountResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { markCachedRead } from '../notification-cache';
import { setUnreadCount } from './get-unread-count';

/** POST /api/notifications/:id/read. */
export function markNotificationRead(id: number) {
  return apiFetch(`/api/notifications/${id}/read`, unreadCountResponse, { method: 'POST' });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ unreadCount }, id) => {
      setUnreadCount(queryClient, unreadCount);
      markCachedRead(queryClient, id);
    },
  });
}
