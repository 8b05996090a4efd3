import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { changeEmailBody, emailSentResponse } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';

export type ChangeEmailInput = z.input<typeof changeEmailBody>;

/**
 * POST /api/account/email: mails a link to the new address. Nothing changes (so no query is
 * invalidated) until that link is followed.
 */
export function changeEmail(input: ChangeEmailInput) {
  return apiFetch('/api/account/email', emailSentResponse, {
    method: 'POST',
    body: JSON.stringify(input),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
