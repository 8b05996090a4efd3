import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponse } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';
import { authState } from '../../shell/auth-state';

/** POST /api/account/email/verify: the link sent to the new address makes the change. */
export async function confirmEmailChange(token: string) {
  const { user } = await apiFetch('/api/account/email/verify', userResponse, {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  return user;
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (user) => {
      authState.confirm(user);
      queryClient.setQueryData(queryKeys.session, user);
    },
  });
}
