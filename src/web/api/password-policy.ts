import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import {
  passwordPolicyResponse,
  passwordPolicyViolation,
  type passwordRuleSchema,
} from '../../shared/accounts';
import { apiFetch, isApiError } from './api-client';
import { queryKeys } from './query-keys';

export type PasswordRuleId = z.infer<typeof passwordRuleSchema>['id'];

/** GET /api/auth/password-policy: the rules a new password must meet, shown before submit. */
export function getPasswordPolicy() {
  return apiFetch('/api/auth/password-policy', passwordPolicyResponse);
}

export function passwordPolicyQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.passwordPolicy,
    queryFn: getPasswordPolicy,
    staleTime: 10 * 60 * 1000,
  });
}

export function usePasswordPolicy() {
  return useQuery(passwordPolicyQueryOptions());
}

/** The rules the server says a password broke, or null when the error is about something else. */
export function policyViolationOf(error: unknown): PasswordRuleId[] | null {
  if (!isApiError(error) || error.code !== 'invalid-argument') return null;
  const parsed = passwordPolicyViolation.safeParse(error.details);
  return parsed.success ? parsed.data.rules : null;
}

/** SPEC §5: a password the policy refused means the policy shown may be out of date. */
export function useRefetchPasswordPolicy() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.passwordPolicy }),
    [queryClient],
  );
}
