import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { resetPasswordBody } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { forgetUserData } from '../../api/session';
import { authState } from '../../shell/auth-state';

export type ResetPasswordInput = z.infer<typeof resetPasswordBody>;

/** POST /api/auth/password-reset: sets the new password and ends every session of the account. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiFetch('/api/auth/password-reset', z.unknown(), {
    method: 'POST',
    body: JSON.stringify(input),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // If this browser was signed in to the account, that session just ended too.
    onSuccess: () => {
      authState.signOut();
      return forgetUserData(queryClient);
    },
  });
}
