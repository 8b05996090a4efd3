import type { QueryClient } from '@tanstack/react-query';
import { messageResponse, type ChatMessage } from '../../../../shared/chat';
import { apiFetch, isApiError } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { mergeMessages, type MessagePages } from '../message-cache';
import { pendingMessages, type PendingMessage } from '../pending-messages';

/** POST /api/chat/rooms/:id/messages: stored before the answer; a repeated nonce stores nothing new. */
export async function sendMessage(message: PendingMessage): Promise<ChatMessage> {
  const { message: stored } = await apiFetch(
    `/api/chat/rooms/${message.roomId}/messages`,
    messageResponse,
    {
      method: 'POST',
      body: JSON.stringify({
        body: message.body,
        nonce: message.nonce,
        replyToId: message.replyTo?.id ?? null,
      }),
    },
  );
  return stored;
}

/** The server's copy of a message joins the room's history and replaces the pending one. */
export function acceptMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(queryKeys.chatMessages(message.roomId), (data) =>
    mergeMessages(data, [message]),
  );
  pendingMessages.settle(message.nonce);
}

/**
 * The request never reached the server (offline) or the server could not take it for now: worth
 * sending again as it is, since the nonce makes a second delivery harmless.
 */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.code === 'unavailable';
}

/**
 * Sends a pending message (a first try or a retry, with its nonce). Resolves with the refusal,
 * if the server refused it, for the caller to tell; a network failure leaves the message
 * pending, marked to go again once the browser is back online.
 */
export async function deliver(queryClient: QueryClient, message: PendingMessage): Promise<unknown> {
  pendingMessages.update(message.nonce, { status: 'sending', error: null, offline: false });
  try {
    acceptMessage(queryClient, await sendMessage(message));
    return null;
  } catch (error) {
    const offline = isNetworkFailure(error);
    pendingMessages.update(message.nonce, {
      status: 'failed',
      offline,
      error: error instanceof Error ? error.message : 'Could not send the message.',
    });
    return offline ? null : error;
  }
}

/** Sends again every message that failed for want of a network (called when back online). */
export async function retryOfflineMessages(queryClient: QueryClient): Promise<void> {
  const waiting = pendingMessages.all().filter((item) => item.status === 'failed' && item.offline);
  for (const message of waiting) await deliver(queryClient, message);
}
