import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** DELETE /api/account/sessions/:id: signs out one of the user's other devices. */
export function signOutSession(sessionId: string) {
  return apiFetch(`/api/account/sessions/${encodeURIComponent(sessionId)}`, z.undefined(), {
    method: 'DELETE',
  });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.activeSessions }),
  });
}
