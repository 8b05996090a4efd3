import { useMutation, useQueryClient } from '@tanstack/react-query';
import { threadReadingResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface SaveReadingInput {
  postId: number;
  /** The newest reply seen; 0 when only the opening post was. */
  lastReadReplyId: number;
}

/**
 * PUT /api/forum/posts/:id/reading: the server only moves the position forward. `keepalive`
 * lets the last save of a page being closed still reach the server.
 */
export async function saveReading({ postId, lastReadReplyId }: SaveReadingInput) {
  const { reading } = await apiFetch(`/api/forum/posts/${postId}/reading`, threadReadingResponse, {
    method: 'PUT',
    body: JSON.stringify({ lastReadReplyId }),
    keepalive: true,
  });
  return reading;
}

export function useSaveReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReading,
    onSuccess: (reading, { postId }) => {
      queryClient.setQueryData(queryKeys.reading(postId), reading);
      // The lists' "new" badges and the New filter follow what was read.
      return queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    },
  });
}
