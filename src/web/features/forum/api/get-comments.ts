import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { commentPageResponse, type Comment, type CommentPage } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export const commentsPageSize = 50;

/** GET /api/forum/posts/:id/comments: one page of replies, oldest first, and their total. */
export function getComments(postId: number, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(commentsPageSize) });
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/forum/posts/${postId}/comments?${params.toString()}`, commentPageResponse);
}

export function commentsQueryOptions(postId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.comments(postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useComments(postId: number) {
  return useInfiniteQuery(commentsQueryOptions(postId));
}

export type CommentPages = InfiniteData<CommentPage, string | null>;

/**
 * Applies `change` to one cached reply. Every other reply keeps its object identity, so in a
 * thread of thousands only the changed row re-renders (rows are memoised on their reply).
 */
export function updateCachedComment(
  queryClient: QueryClient,
  postId: number,
  commentId: number,
  change: (comment: Comment) => Comment,
): void {
  queryClient.setQueryData<CommentPages>(queryKeys.comments(postId), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.items.some((item) => item.id === commentId)
          ? {
              ...page,
              items: page.items.map((item) => (item.id === commentId ? change(item) : item)),
            }
          : page,
      ),
    };
  });
}
