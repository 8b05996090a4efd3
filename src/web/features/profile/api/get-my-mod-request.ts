import { queryOptions, useQuery } from '@tanstack/react-query';
import { myModRequestResponse } from '../../../../shared/mod-requests';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/mod-requests/mine: the user's latest request and whether they may ask now. */
export function getMyModRequest() {
  return apiFetch('/api/mod-requests/mine', myModRequestResponse);
}

export function myModRequestQueryOptions() {
  return queryOptions({ queryKey: queryKeys.myModRequest, queryFn: getMyModRequest });
}

export function useMyModRequest(enabled: boolean) {
  return useQuery({ ...myModRequestQueryOptions(), enabled });
}
