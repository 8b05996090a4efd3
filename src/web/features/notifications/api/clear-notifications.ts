import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadCountResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { clearCached } from '../notification-cache';
import { setUnreadCount } from './get-unread-count';

/** DELETE /api/notifications: removes every notification of the member. */
export function clearNotifications() {
  return apiFetch('/api/notifications', unreadCountResponse, { method: 'DELETE' });
}

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: ({ unreadCount }) => {
      setUnreadCount(queryClient, unreadCount);
      clearCached(queryClient);
    },
  });
}
