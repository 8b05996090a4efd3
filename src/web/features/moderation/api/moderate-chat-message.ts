import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type ChatModerationAction } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface ChatModerationRequest {
  messageId: number;
  roomId: number;
  action: ChatModerationAction;
  reason?: string;
}

/**
 * POST /api/chat/messages/:id/moderation: dismiss the message's reports, hide it (with a
 * reason) or restore it; every action closes its open reports.
 */
export async function moderateChatMessage({ messageId, action, reason }: ChatModerationRequest) {
  const { message } = await apiFetch(
    `/api/chat/messages/${messageId}/moderation`,
    messageResponse,
    {
      method: 'POST',
      body: JSON.stringify(reason === undefined ? { action } : { action, reason }),
    },
  );
  return message;
}

export function useModerateChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateChatMessage,
    onSuccess: (_message, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueue }),
        queryClient.invalidateQueries({ queryKey: queryKeys.chatMessages(request.roomId) }),
      ]),
  });
}
