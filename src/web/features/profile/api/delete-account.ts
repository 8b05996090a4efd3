import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { deleteAccountBody } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';

export type DeleteAccountInput = z.input<typeof deleteAccountBody>;

/**
 * DELETE /api/account: 204; the account is gone and this browser is signed out. The caller
 * forgets the session (forgetUserData) once it has left the guarded profile page.
 */
export function deleteAccount(input: DeleteAccountInput) {
  return apiFetch('/api/account', z.undefined(), {
    method: 'DELETE',
    body: JSON.stringify(input),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
