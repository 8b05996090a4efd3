import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema } from '../../../../shared/accounts';
import type { muteBody } from '../../../../shared/mutes';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface MuteUserInput {
  userId: string;
  mute: z.input<typeof muteBody>;
}

/** POST /api/users/:id/mute: the member reads but cannot post, reply or chat for a while. */
export async function muteUser({ userId, mute }: MuteUserInput) {
  const { user } = await apiFetch(
    `/api/users/${encodeURIComponent(userId)}/mute`,
    z.object({ user: adminUserSchema }),
    { method: 'POST', body: JSON.stringify(mute) },
  );
  return user;
}

export function useMuteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: muteUser,
    // The lists and the member's history (both under the users key).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
