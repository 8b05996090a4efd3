import { useMutation } from '@tanstack/react-query';
import { userResponse } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { useStartSession } from './start-session';

/** POST /api/auth/verify-email: following the emailed link verifies the address and signs in. */
export async function verifyEmail(token: string) {
  const { user } = await apiFetch('/api/auth/verify-email', userResponse, {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  return user;
}

export function useVerifyEmail() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: verifyEmail, onSuccess: (user) => startSession(user) });
}
