import { useMutation } from '@tanstack/react-query';
import { userResponse } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { useStartSession } from './start-session';

/** POST /api/auth/magic-link/verify: the emailed link signs in. */
export async function verifyMagicLink(token: string) {
  const { user } = await apiFetch('/api/auth/magic-link/verify', userResponse, {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  return user;
}

export function useVerifyMagicLink() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: verifyMagicLink, onSuccess: (user) => startSession(user) });
}
