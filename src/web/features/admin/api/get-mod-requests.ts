import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { modRequestListResponse, type modRequestStatuses } from '../../../../shared/mod-requests';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type ModRequestStatus = (typeof modRequestStatuses)[number];
export type ModRequestWithHistory = z.infer<typeof modRequestListResponse>['items'][number];

/** GET /api/mod-requests: one page of requests in `status`, each with the requester's history. */
export function getModRequests(status: ModRequestStatus, cursor: string | null) {
  const params = new URLSearchParams({ status });
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/mod-requests?${params.toString()}`, modRequestListResponse);
}

export function modRequestsQueryOptions(status: ModRequestStatus) {
  return infiniteQueryOptions({
    queryKey: queryKeys.modRequestList(status),
    queryFn: ({ pageParam }) => getModRequests(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useModRequests(status: ModRequestStatus) {
  return useInfiniteQuery(modRequestsQueryOptions(status));
}
