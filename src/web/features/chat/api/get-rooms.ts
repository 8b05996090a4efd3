import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { roomListResponse, type ChatRoom } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/**
 * GET /api/chat/rooms: the rooms the reader may enter, with unread counts and last message;
 * archived rooms too when asked (admins, who may bring them back).
 */
export async function getRooms(archived: boolean): Promise<ChatRoom[]> {
  const { items } = await apiFetch(
    archived ? '/api/chat/rooms?archived=true' : '/api/chat/rooms',
    roomListResponse,
  );
  return items;
}

export function roomsQueryOptions(archived: boolean) {
  return queryOptions({
    queryKey: queryKeys.chatRoomList(archived),
    queryFn: () => getRooms(archived),
  });
}

export function useRooms(archived: boolean) {
  return useQuery(roomsQueryOptions(archived));
}

/** Applies `change` to one cached room (unread count, last message) without asking the server. */
export function updateCachedRoom(
  queryClient: QueryClient,
  roomId: number,
  change: (room: ChatRoom) => ChatRoom,
): void {
  queryClient.setQueriesData<ChatRoom[]>({ queryKey: queryKeys.chatRooms }, (rooms) =>
    rooms?.map((room) => (room.id === roomId ? change(room) : room)),
  );
}
