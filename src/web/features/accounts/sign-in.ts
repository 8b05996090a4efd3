import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  passkeyOptionsResponse,
  signInResponse,
  userResponse,
  type signInBody,
  type SignInAnswer,
} from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { authenticateWithPasskey } from './passkey-prompt';
import { useStartSession } from './start-session';

export type SignInInput = z.infer<typeof signInBody>;

/**
 * POSTs one way in (a password, an emailed link): the answer is the member, signed in, or a
 * request for their second factor (second-factor-step.tsx), with no session yet.
 */
export function postWayIn(path: string, body: object): Promise<SignInAnswer> {
  return apiFetch(path, signInResponse, { method: 'POST', body: JSON.stringify(body) });
}

/** A way in as a mutation: the session starts at once when the answer is the member. */
export function useWayIn<T>(mutationFn: (input: T) => Promise<SignInAnswer>) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      if ('user' in answer) await startSession(answer.user);
    },
  });
}

/** POST /api/auth/sign-in: sets the session cookie, or asks for the second factor. */
export const signIn = (input: SignInInput) => postWayIn('/api/auth/sign-in', input);

export const useSignIn = () => useWayIn(signIn);

/**
 * A way in with a passkey: the server's challenge from `{path}/options`, the browser's prompt,
 * and the signed answer (with `body`) to `path`. The answer is the member, signed in.
 */
export async function postPasskeyWayIn(path: string, body: object = {}): Promise<SignInAnswer> {
  const { options } = await apiFetch(`${path}/options`, passkeyOptionsResponse, { method: 'POST' });
  const response = await authenticateWithPasskey(options);
  return apiFetch(path, userResponse, {
    method: 'POST',
    body: JSON.stringify({ ...body, response }),
  });
}

/** POST /api/auth/passkey: any of the member's passkeys signs them in, no address typed. */
export const usePasskeySignIn = () => useWayIn(() => postPasskeyWayIn('/api/auth/passkey'));
