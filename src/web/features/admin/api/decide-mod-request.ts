import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modRequestResponse } from '../../../../shared/mod-requests';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type ModRequestDecision =
  { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

/**
 * POST /api/mod-requests/:id/approve (the requester becomes a moderator) or /reject with a
 * reason. Both answer 412 when the request was already decided.
 */
export async function decideModRequest(input: ModRequestDecision) {
  const { request } = await apiFetch(
    `/api/mod-requests/${input.id}/${input.decision}`,
    modRequestResponse,
    {
      method: 'POST',
      body: JSON.stringify(input.decision === 'reject' ? { reason: input.reason } : {}),
    },
  );
  return request;
}

export function useDecideModRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideModRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.modRequests }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
        // An approval changes the requester's role.
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
      ]),
  });
}
