import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { userResponse, type signInBody } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { useStartSession } from './start-session';

export type SignInInput = z.infer<typeof signInBody>;

/** POST /api/auth/sign-in: sets the session cookie and answers with the user. */
export async function signIn(input: SignInInput) {
  const { user } = await apiFetch('/api/auth/sign-in', userResponse, {
    method: 'POST',
    body: JSON.stringify(input),
  });
  return user;
}

export function useSignIn() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: signIn, onSuccess: (user) => startSession(user) });
}
