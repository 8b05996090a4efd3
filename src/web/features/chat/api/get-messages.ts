import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messagePageResponse, type ChatMessage } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { sawUpTo } from '../last-seen';

export const messagesPageSize = 50;

/** GET /api/chat/rooms/:id/messages: one page of history, newest first, older than `before`. */
export function getMessages(roomId: number, before: string | null) {
  const params = new URLSearchParams({ limit: String(messagesPageSize) });
  if (before !== null) params.set('before', before);
  return apiFetch(`/api/chat/rooms/${roomId}/messages?${params.toString()}`, messagePageResponse);
}

/**
 * Every message stored after `afterId`, oldest first: what a client missed while it was away.
 * The server answers in parts (`hasMore`); this asks again after each part's last message until
 * none remain, so the answer has no gap however much was missed.
 */
export async function getMessagesAfter(roomId: number, afterId: number): Promise<ChatMessage[]> {
  const missed: ChatMessage[] = [];
  let after = afterId;
  for (;;) {
    const params = new URLSearchParams({ after: String(after) });
    const page = await apiFetch(
      `/api/chat/rooms/${roomId}/messages?${params.toString()}`,
      messagePageResponse,
    );
    missed.push(...page.items);
    const last = page.items.at(-1);
    if (!page.hasMore || !last) return missed;
    after = last.id;
  }
}

export function messagesQueryOptions(roomId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.chatMessages(roomId),
    queryFn: async ({ pageParam }) => {
      const page = await getMessages(roomId, pageParam);
      // The newest page holds every message up to its newest one.
      if (pageParam === null) sawUpTo(roomId, page.items[0]?.id);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The live channel and the catch-up after a reconnect keep the history current; refetching
    // every loaded page on focus would cost one request per 50 messages for nothing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useMessages(roomId: number) {
  return useInfiniteQuery(messagesQueryOptions(roomId));
}
