import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { identitiesResponse } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/account/identities: the providers linked to this account, and the ones offered. */
export function useIdentities() {
  return useQuery({
    queryKey: queryKeys.identities,
    queryFn: () => apiFetch('/api/account/identities', identitiesResponse),
  });
}

/** DELETE …/identities/{provider}: never the last way in (the server refuses it). */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) =>
      apiFetch(`/api/account/identities/${encodeURIComponent(provider)}`, z.undefined(), {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.identities }),
  });
}
