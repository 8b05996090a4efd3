import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema, type blockAccountBody } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface BlockAccountInput {
  userId: string;
  block: z.input<typeof blockAccountBody>;
}

/** POST /api/users/:id/block: signs the account out everywhere until `until` (or for good). */
export async function blockAccount({ userId, block }: BlockAccountInput) {
  const { user } = await apiFetch(
    `/api/users/${encodeURIComponent(userId)}/block`,
    z.object({ user: adminUserSchema }),
    { method: 'POST', body: JSON.stringify(block) },
  );
  return user;
}

export function useBlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
