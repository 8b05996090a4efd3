import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { newsListResponse } from '../../../../shared/news';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/admin/news: every article, drafts and scheduled ones included (admins). */
export function getAdminNews(cursor: string | null) {
  return apiFetch(
    `/api/admin/news${cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
    newsListResponse,
  );
}

export function adminNewsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.adminNewsList,
    queryFn: ({ pageParam }) => getAdminNews(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAdminNews() {
  return useInfiniteQuery(adminNewsQueryOptions());
}
