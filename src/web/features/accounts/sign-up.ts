import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { emailSentResponse, type signUpBody } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';

export type SignUpInput = z.infer<typeof signUpBody>;

/**
 * POST /api/auth/sign-up: sends a verification link and does NOT sign in. The answer is the
 * same when the address already has an account, so it reveals nothing about who is a member.
 */
export function signUp(input: SignUpInput) {
  return apiFetch('/api/auth/sign-up', emailSentResponse, {
    method: 'POST',
    body: JSON.stringify(input),
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
