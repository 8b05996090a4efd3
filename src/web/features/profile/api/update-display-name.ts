import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { updateProfileBody, userResponse } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type UpdateDisplayNameInput = z.input<typeof updateProfileBody>;

/** PATCH /api/account: the signed-in user with the new name. */
export async function updateDisplayName(input: UpdateDisplayNameInput) {
  const { user } = await apiFetch('/api/account', userResponse, {
    method: 'PATCH',
    body: JSON.stringify(input),
  });
  return user;
}

export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
