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
  /** `new`: only threads the signed-in viewer has not read to the end. */
  filter?: 'new';
}

export const postsPageSize = 20;

/** GET /api/forum/posts: one page of threads matching `filters`, pinned ones first. */
export function getPosts(filters: PostFilters, cursor: string | null, limit = postsPageSize) {
  const params = new URLSearchParams({ sort: filters.sort, limit: String(limit) });
  if (filters.category) params.set('category', filters.category);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.filter) params.set('filter', filters.filter);
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/forum/posts?${params.toString()}`, postListResponse);
}

export function postsQueryOptions(filters: PostFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.postList({
      category: filters.category,
      tag: filters.tag,
      sort: filters.sort,
      filter: filters.filter,
    }),
    queryFn: ({ pageParam }) => getPosts(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Keep the old rows on screen while a new filter loads, instead of a blank list.
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false waits (the New filter, until the session says who is reading). */
export function usePosts(filters: PostFilters, enabled = true) {
  return useInfiniteQuery({ ...postsQueryOptions(filters), enabled });
}

/** The first `limit` threads matching `filters`, for a short list such as the home page's. */
export function firstPostsQueryOptions(filters: PostFilters, limit: number) {
  return queryOptions({
    queryKey: queryKeys.postList({
      category: filters.category,
      tag: filters.tag,
      sort: filters.sort,
      filter: filters.filter,
      limit: String(limit),
    }),
    queryFn: () => getPosts(filters, null, limit),
  });
}

export function useFirstPosts(filters: PostFilters, limit: number) {
  return useQuery(firstPostsQueryOptions(filters, limit));
}
