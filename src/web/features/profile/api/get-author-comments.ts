import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { authorCommentListResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

const pageSize = 20;

/** GET /api/forum/comments?author=: one page of a user's replies, each with its thread. */
export function getAuthorComments({
  username,
  cursor,
}: {
  username: string;
  cursor: string | null;
}) {
  const params = new URLSearchParams({ author: username, limit: String(pageSize) });
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/forum/comments?${params.toString()}`, authorCommentListResponse);
}

export function authorCommentsQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.authorComments(username),
    queryFn: ({ pageParam }) => getAuthorComments({ username, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAuthorComments(username: string) {
  return useInfiniteQuery(authorCommentsQueryOptions(username));
}
