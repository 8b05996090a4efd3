import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatReactionResponse, type ChatMessage } from '../../../../shared/chat';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { updateMessage, type MessagePages } from '../message-cache';

export interface ReactToMessageInput {
  message: ChatMessage;
  /** True to like, false to take the like back. */
  react: boolean;
}

/** PUT or DELETE /api/chat/messages/:id/reaction: one like per member, never on one's own. */
export function reactToMessage({ message, react }: ReactToMessageInput) {
  return apiFetch(`/api/chat/messages/${message.id}/reaction`, chatReactionResponse, {
    method: react ? 'PUT' : 'DELETE',
  });
}

function setLike(
  queryClient: QueryClient,
  message: ChatMessage,
  like: { reacted: boolean; reactionCount: number },
) {
  queryClient.setQueryData<MessagePages>(queryKeys.chatMessages(message.roomId), (data) =>
    updateMessage(data, message.id, (current) => ({ ...current, ...like })),
  );
}

/** The like shows at once; a refusal puts the message's old like back. */
export function useReactToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactToMessage,
    onMutate: ({ message, react }) =>
      setLike(queryClient, message, {
        reacted: react,
        reactionCount: message.reactionCount + (react === message.reacted ? 0 : react ? 1 : -1),
      }),
    onError: (_error, { message }) => setLike(queryClient, message, message),
    onSuccess: (like, { message }) => setLike(queryClient, message, like),
  });
}
