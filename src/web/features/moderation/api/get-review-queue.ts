import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  isChatReviewItem,
  reviewQueueResponse,
  type ReviewQueueItem,
} from '../../../../shared/review-queue';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export const reviewQueuePageSize = 20;

/** GET /api/moderation/reports: open reports grouped by item, oldest report first. */
export function getReviewQueue(cursor: string | null) {
  const params = new URLSearchParams({ limit: String(reviewQueuePageSize) });
  if (cursor !== null) params.set('cursor', cursor);
  return apiFetch(`/api/moderation/reports?${params.toString()}`, reviewQueueResponse);
}

export function reviewQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.reviewQueue,
    queryFn: ({ pageParam }) => getReviewQueue(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useReviewQueue() {
  return useInfiniteQuery(reviewQueueQueryOptions());
}

type ReviewQueuePages = InfiniteData<{ items: ReviewQueueItem[]; nextCursor: string | null }>;

/** The key an item is known by in the queue: a thread, a reply and a message may share an id. */
export function reviewItemKey(item: ReviewQueueItem): string {
  if (isChatReviewItem(item)) return `chat-message-${item.target.messageId}`;
  const { target } = item;
  return target.type === 'post' ? `post-${target.postId}` : `comment-${target.commentId}`;
}

/** Takes a handled item off the queue at once, without waiting for the refetch. */
export function removeFromQueue(queryClient: QueryClient, key: string): void {
  queryClient.setQueryData<ReviewQueuePages>(queryKeys.reviewQueue, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => reviewItemKey(item) !== key),
          })),
        }
      : data,
  );
}
