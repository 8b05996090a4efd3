import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** DELETE /api/users/:id/mute: lifts a mute before it ends. */
export async function unmuteUser(userId: string) {
  const { user } = await apiFetch(
    `/api/users/${encodeURIComponent(userId)}/mute`,
    z.object({ user: adminUserSchema }),
    { method: 'DELETE' },
  );
  return user;
}

export function useUnmuteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmuteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
