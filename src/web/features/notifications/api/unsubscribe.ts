import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unsubscribeResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** POST /api/notifications/unsubscribe?token=: switches off the type the e-mail was about. */
export function unsubscribe(token: string) {
  const params = new URLSearchParams({ token });
  return apiFetch(`/api/notifications/unsubscribe?${params.toString()}`, unsubscribeResponse, {
    method: 'POST',
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    // A signed-in member's settings changed with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings }),
  });
}
