import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { changePasswordBody } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type ChangePasswordInput = z.input<typeof changePasswordBody>;

/** POST /api/account/password: 204; the server signs out every other session. */
export function changePassword(input: ChangePasswordInput) {
  return apiFetch('/api/account/password', z.undefined(), {
    method: 'POST',
    body: JSON.stringify(input),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activeSessions }),
  });
}
