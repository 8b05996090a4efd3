import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { postListResponse, type PostSort } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface PostFilters {
  category?: string;
  tag?: string;
  sort: PostSort;
}

export const postsPageSize = 20;

/** GET /api/forum/posts: one page of threads matching `filters`, pinned ones first. */
export function getPosts(filters: PostFilters, cursor: string | null, limit = postsPageSize) {
  const params = new URLSearchParams({ sort: filters.sort, limit: String(limit) });
  if (filters.category) params.set('category', filters.category);
  if (filters.tag) params.set('tag', filters.tag);
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/forum/posts?${params.toString()}`, postListResponse);
}

export function postsQueryOptions(filters: PostFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.postList({
      category: filters.category,
      tag: filters.tag,
      sort: filters.sort,
    }),
    queryFn: ({ pageParam }) => getPosts(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Keep the old rows on screen while a new filter loads, instead of a blank list.
    placeholderData: keepPreviousData,
  });
}

export function usePosts(filters: PostFilters) {
  return useInfiniteQuery(postsQueryOptions(filters));
}

/** The first `limit` threads matching `filters`, for a short list such as the home page's. */
export function firstPostsQueryOptions(filters: PostFilters, limit: number) {
  return queryOptions({
    queryKey: queryKeys.postList({
      category: filters.category,
      tag: filters.tag,
      sort: filters.sort,
      limit: String(limit),
    }),
    queryFn: () => getPosts(filters, null, limit),
  });
}

export function useFirstPosts(filters: PostFilters, limit: number) {
  return useQuery(firstPostsQueryOptions(filters, limit));
}
