import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { newsListResponse } from '../../../../shared/news';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/news: published articles, featured first, then newest. */
export function getNews(cursor: string | null) {
  return apiFetch(
    `/api/news${cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
    newsListResponse,
  );
}

export function newsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.newsList,
    queryFn: ({ pageParam }) => getNews(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useNews() {
  return useInfiniteQuery(newsQueryOptions());
}
