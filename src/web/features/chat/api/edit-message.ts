import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type ChatMessage } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { mergeMessages, type MessagePages } from '../message-cache';

/** PATCH /api/chat/messages/:id: the author's new text; the message gains its edited time. */
export async function editMessage({ message, body }: { message: ChatMessage; body: string }) {
  const { message: edited } = await apiFetch(`/api/chat/messages/${message.id}`, messageResponse, {
    method: 'PATCH',
    body: JSON.stringify({ body }),
  });
  return edited;
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: (edited) =>
      queryClient.setQueryData<MessagePages>(queryKeys.chatMessages(edited.roomId), (data) =>
        mergeMessages(data, [edited]),
      ),
  });
}
