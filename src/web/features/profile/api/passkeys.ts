import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  passkeyOptionsResponse,
  passkeyResponse,
  passkeysResponse,
  type Passkey,
} from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { createPasskey } from '../../accounts';

export interface NewPasskey {
  name: string;
  /** Proves the owner is at the keyboard; asked only when the account has a password. */
  password?: string;
}

/** GET /api/account/passkeys: every passkey that signs in to this account. */
export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.passkeys,
    queryFn: () => apiFetch('/api/account/passkeys', passkeysResponse),
  });
}

/**
 * POST …/passkeys/options for the server's challenge, the browser's prompt creates the
 * passkey, then POST …/passkeys keeps it under its name.
 */
async function addPasskey({ name, password }: NewPasskey): Promise<Passkey> {
  const { options } = await apiFetch('/api/account/passkeys/options', passkeyOptionsResponse, {
    method: 'POST',
    body: JSON.stringify({ password }),
  });
  const response = await createPasskey(options);
  const { passkey } = await apiFetch('/api/account/passkeys', passkeyResponse, {
    method: 'POST',
    body: JSON.stringify({ name, response }),
  });
  return passkey;
}

/** Each change reads the list again after it, whatever it answered. */
function usePasskeyMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

export const useAddPasskey = () => usePasskeyMutation(addPasskey);

/** DELETE …/passkeys/{id}: never the last way in (the server refuses it, saying why). */
export const useRemovePasskey = () =>
  usePasskeyMutation((id: string) =>
    apiFetch(`/api/account/passkeys/${encodeURIComponent(id)}`, z.undefined(), {
      method: 'DELETE',
    }),
  );
