import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ChatMessage } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { removeMessage, type MessagePages } from '../message-cache';

/** DELETE /api/chat/messages/:id: the author's own message leaves every client's room. */
export async function deleteMessage(message: ChatMessage): Promise<void> {
  await apiFetch(`/api/chat/messages/${message.id}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_nothing, message) =>
      queryClient.setQueryData<MessagePages>(queryKeys.chatMessages(message.roomId), (data) =>
        removeMessage(data, message.id),
      ),
  });
}
