import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomResponse, type CreateRoomBody, type UpdateRoomBody } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type SaveRoomInput =
  { id: null; values: CreateRoomBody } | { id: number; values: UpdateRoomBody };

/** POST /api/chat/rooms (a new room) or PATCH /api/chat/rooms/:id (its settings, its archive). */
export async function saveRoom(input: SaveRoomInput) {
  const { room } = await apiFetch(
    input.id === null ? '/api/chat/rooms' : `/api/chat/rooms/${input.id}`,
    roomResponse,
    { method: input.id === null ? 'POST' : 'PATCH', body: JSON.stringify(input.values) },
  );
  return room;
}

/** Admins only; the room list is read again (its order and the archive may have changed). */
export function useSaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chatRooms }),
  });
}
