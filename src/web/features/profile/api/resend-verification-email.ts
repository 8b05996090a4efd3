import { useMutation } from '@tanstack/react-query';
import { emailSentResponse } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';

/** POST /api/auth/verify-email/resend without an email: the server uses the signed-in address. */
export function resendVerificationEmail() {
  return apiFetch('/api/auth/verify-email/resend', emailSentResponse, {
    method: 'POST',
    body: JSON.stringify({}),
  });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
