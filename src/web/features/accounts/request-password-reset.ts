import { useMutation } from '@tanstack/react-query';
import { emailSentResponse } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';

/** POST /api/auth/password-reset/request: the same answer whether or not the address is known. */
export function requestPasswordReset(email: string) {
  return apiFetch('/api/auth/password-reset/request', emailSentResponse, {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
