import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { modRequestResponse, type createModRequestBody } from '../../../../shared/mod-requests';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type CreateModRequestInput = z.input<typeof createModRequestBody>;

/** POST /api/mod-requests: refused (412) when not eligible, 409 with an open request. */
export async function createModRequest(input: CreateModRequestInput) {
  const { request } = await apiFetch('/api/mod-requests', modRequestResponse, {
    method: 'POST',
    body: JSON.stringify(input),
  });
  return request;
}

export function useCreateModRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myModRequest }),
  });
}
