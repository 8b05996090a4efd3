import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema, type setRoleBody } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface ChangeRoleInput {
  userId: string;
  role: z.input<typeof setRoleBody>['role'];
}

/** PUT /api/users/:id/role: 403 for rank rules or one's own role, 412 for the last admin. */
export async function changeRole({ userId, role }: ChangeRoleInput) {
  const { user } = await apiFetch(
    `/api/users/${encodeURIComponent(userId)}/role`,
    z.object({ user: adminUserSchema }),
    { method: 'PUT', body: JSON.stringify({ role }) },
  );
  return user;
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
