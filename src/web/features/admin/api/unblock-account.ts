import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** DELETE /api/users/:id/block: lifts a block before its end date. */
export async function unblockAccount(userId: string) {
  const { user } = await apiFetch(
    `/api/users/${encodeURIComponent(userId)}/block`,
    z.object({ user: adminUserSchema }),
    { method: 'DELETE' },
  );
  return user;
}

export function useUnblockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
