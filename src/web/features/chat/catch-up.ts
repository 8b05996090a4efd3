import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { getMessagesAfter } from './api/get-messages';
import { retryOfflineMessages } from './api/send-message';
import { mergeMessages, newestMessageId, type MessagePages } from './message-cache';
import { lastSeenIn, regainedSync, sawUpTo } from './last-seen';
import { pendingMessages } from './pending-messages';

/**
 * What was said while this client was away (offline, reconnecting, another page): every room
 * whose history is cached asks for the messages after its newest one, to the end, and merges
 * them; then the messages that failed to send for want of a network go again.
 */
async function fetchMissed(queryClient: QueryClient): Promise<void> {
  const histories = queryClient.getQueriesData<MessagePages>({
    queryKey: queryKeys.chatHistories,
  });
  await Promise.all(
    histories.map(async ([key, data]) => {
      const roomId = key[2];
      if (typeof roomId !== 'number') return;
      const after = lastSeenIn(roomId) ?? newestMessageId(data);
      if (after === null || after === undefined) return;
      try {
        const missed = await getMessagesAfter(roomId, after);
        sawUpTo(roomId, missed.at(-1)?.id ?? after);
        queryClient.setQueryData<MessagePages>(key, (current) => mergeMessages(current, missed));
        for (const message of missed) pendingMessages.settle(message.nonce);
      } catch {
        // Still offline, or the room is gone: the next reconnect tries again.
      }
    }),
  );
  await retryOfflineMessages(queryClient);
  await queryClient.invalidateQueries({ queryKey: queryKeys.chatRooms });
  await queryClient.invalidateQueries({ queryKey: queryKeys.chatUnread });
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Catches up every cached room (see fetchMissed). A call while one runs (a reconnect and the
 * browser's 'online' together) makes it run once more after, not twice at once.
 */
export function catchUp(
  queryClient: QueryClient,
  options: { connected?: boolean } = {},
): Promise<void> {
  // With the live channel up, what arrives from now on comes live: the catch-up closes the gap.
  if (options.connected) regainedSync();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await fetchMissed(queryClient);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}
