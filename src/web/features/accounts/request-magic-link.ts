import { useMutation } from '@tanstack/react-query';
import { emailSentResponse } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';

/** POST /api/auth/magic-link: emails a one-time sign-in link. */
export function requestMagicLink(email: string) {
  return apiFetch('/api/auth/magic-link', emailSentResponse, {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
