import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchResponse, type ThreadReading, type WatchLevel } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface WatchThreadInput {
  postId: number;
  level: WatchLevel;
}

/** PUT /api/forum/posts/:id/watch: which of the thread's new replies notify the viewer. */
export async function watchThread({ postId, level }: WatchThreadInput) {
  const answer = await apiFetch(`/api/forum/posts/${postId}/watch`, watchResponse, {
    method: 'PUT',
    body: JSON.stringify({ level }),
  });
  return answer.level;
}

export function useWatchThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: watchThread,
    onSuccess: (level, { postId }) =>
      queryClient.setQueryData<ThreadReading>(
        queryKeys.reading(postId),
        (reading) => reading && { ...reading, watch: level },
      ),
  });
}
