import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadCountResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { removeCached } from '../notification-cache';
import { setUnreadCount } from './get-unread-count';

/** DELETE /api/notifications/:id. */
export function removeNotification(id: number) {
  return apiFetch(`/api/notifications/${id}`, unreadCountResponse, { method: 'DELETE' });
}

export function useRemoveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeNotification,
    onSuccess: ({ unreadCount }, id) => {
      setUnreadCount(queryClient, unreadCount);
      removeCached(queryClient, id);
    },
  });
}
