import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberHistoryResponse } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/users/:id/history: counts, reports against the member and the latest actions. */
export function getUserHistory(userId: string) {
  return apiFetch(`/api/users/${encodeURIComponent(userId)}/history`, memberHistoryResponse);
}

export function userHistoryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.userHistory(userId),
    queryFn: () => getUserHistory(userId),
  });
}

export function useUserHistory(userId: string) {
  return useQuery(userHistoryQueryOptions(userId));
}
