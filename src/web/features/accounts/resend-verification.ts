import { useMutation } from '@tanstack/react-query';
import { emailSentResponse } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';

/**
 * POST /api/auth/verify-email/resend: a new verification link. Signed-in users omit the
 * address and get it at their own.
 */
export function resendVerification(email?: string) {
  return apiFetch('/api/auth/verify-email/resend', emailSentResponse, {
    method: 'POST',
    body: JSON.stringify(email === undefined ? {} : { email }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
