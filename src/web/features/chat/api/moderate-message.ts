import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type ChatMessage } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { mergeMessages, type MessagePages } from '../message-cache';

export interface ModerateMessageInput {
  message: ChatMessage;
  action: 'hide' | 'restore';
  reason?: string;
}

/**
 * POST /api/chat/messages/:id/moderation (moderators): a hidden message leaves every member's
 * room at once; moderators keep seeing it, marked with the reason, and may restore it.
 */
export async function moderateMessage({ message, action, reason }: ModerateMessageInput) {
  const { message: moderated } = await apiFetch(
    `/api/chat/messages/${message.id}/moderation`,
    messageResponse,
    { method: 'POST', body: JSON.stringify({ action, ...(reason ? { reason } : {}) }) },
  );
  return moderated;
}

export function useModerateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateMessage,
    onSuccess: (moderated) =>
      queryClient.setQueryData<MessagePages>(queryKeys.chatMessages(moderated.roomId), (data) =>
        mergeMessages(data, [moderated]),
      ),
  });
}
