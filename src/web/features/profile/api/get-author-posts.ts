import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postListResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

const pageSize = 20;

/** GET /api/forum/posts?author=: one page of the threads a user started, newest first. */
export function getAuthorPosts({ username, cursor }: { username: string; cursor: string | null }) {
  const params = new URLSearchParams({ author: username, sort: 'newest', limit: String(pageSize) });
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/forum/posts?${params.toString()}`, postListResponse);
}

export function authorPostsQueryOptions(username: string) {
  return infiniteQueryOptions({
    // Under queryKeys.posts, so whatever changes threads refreshes the profile's list too.
    queryKey: queryKeys.postList({ author: username, sort: 'newest' }),
    queryFn: ({ pageParam }) => getAuthorPosts({ username, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAuthorPosts(username: string) {
  return useInfiniteQuery(authorPostsQueryOptions(username));
}
