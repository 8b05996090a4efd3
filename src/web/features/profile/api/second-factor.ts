import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  recoveryCodesResponse,
  secondFactorSetupResponse,
  secondFactorStatusResponse,
  type secondFactorChangeBody,
} from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** A current code, and the password when the account has one (members of a provider have none). */
export type SecondFactorChange = z.input<typeof secondFactorChangeBody>;

const post = <T>(path: string, schema: z.ZodType<T>, body: object) =>
  apiFetch(path, schema, { method: 'POST', body: JSON.stringify(body) });

/** GET /api/account/second-factor: on or off, and the recovery codes left. */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: queryKeys.secondFactor,
    queryFn: () => apiFetch('/api/account/second-factor', secondFactorStatusResponse),
  });
}

/** Each change answers with what it answers; the status is read again after it. */
function useSecondFactorMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor }),
  });
}

/**
 * POST …/setup: a new key and recovery codes, pending until a first code confirms them. The
 * password when the account has one; without it, the server wants a sign-in within the hour.
 */
export const useSetUpSecondFactor = () =>
  useSecondFactorMutation((password?: string) =>
    post(
      '/api/account/second-factor/setup',
      secondFactorSetupResponse,
      password === undefined ? {} : { password },
    ),
  );

/** POST …/confirm: the app's first code turns the second factor on. */
export const useConfirmSecondFactor = () =>
  useSecondFactorMutation((code: string) =>
    post('/api/account/second-factor/confirm', z.undefined(), { code }),
  );

/** POST …/disable: a current code (and the password, if the account has one) turns it off. */
export const useTurnOffSecondFactor = () =>
  useSecondFactorMutation((input: SecondFactorChange) =>
    post('/api/account/second-factor/disable', z.undefined(), input),
  );

/** POST …/recovery-codes: ten new codes; the old ones stop working. */
export const useNewRecoveryCodes = () =>
  useSecondFactorMutation((input: SecondFactorChange) =>
    post('/api/account/second-factor/recovery-codes', recoveryCodesResponse, input),
  );
