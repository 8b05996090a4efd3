import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
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

/**
 * The article the news list starts with: the newest featured one, or the newest of all when
 * none is featured (GET /api/news?limit=1).
 */
export function leadArticleQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.leadArticle,
    queryFn: () => apiFetch('/api/news?limit=1', newsListResponse),
  });
}

export function useLeadArticle() {
  return useQuery(leadArticleQueryOptions());
}
