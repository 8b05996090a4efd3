import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { myReportsResponse } from '../../../../shared/reports';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/reports/mine: the signed-in member's reports, newest first, with what became of them. */
export function getMyReports(cursor: string | null) {
  const params = new URLSearchParams({ limit: '10' });
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/reports/mine?${params.toString()}`, myReportsResponse);
}

export function myReportsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.myReports,
    queryFn: ({ pageParam }) => getMyReports(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useMyReports(enabled: boolean) {
  return useInfiniteQuery({ ...myReportsQueryOptions(), enabled });
}
