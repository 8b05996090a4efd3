import type { QueryClient } from '@tanstack/react-query';
import { readResponse } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { updateCachedRoom } from './get-rooms';

/** PUT /api/chat/rooms/:id/read: the reader has seen the room up to `messageId`. */
export function markRead(roomId: number, messageId: number) {
  return apiFetch(`/api/chat/rooms/${roomId}/read`, readResponse, {
    method: 'PUT',
    body: JSON.stringify({ messageId }),
  });
}

/** Marks the room read up to `messageId`; its unread count and the total follow the answer. */
export async function markRoomRead(
  queryClient: QueryClient,
  roomId: number,
  messageId: number,
): Promise<void> {
  const { unreadCount } = await markRead(roomId, messageId);
  updateCachedRoom(queryClient, roomId, (room) => ({
    ...room,
    unreadCount,
    lastReadMessageId: Math.max(room.lastReadMessageId ?? 0, messageId),
  }));
  await queryClient.invalidateQueries({ queryKey: queryKeys.chatUnread });
}
