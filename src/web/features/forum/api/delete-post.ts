import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../api/api-client';
import { filmKeys, queryKeys } from '../../../api/query-keys';

/** DELETE /api/forum/posts/:id: a soft delete; the thread stays as a tombstone. */
export async function deletePost(id: number) {
  // The answer's body (none, or the tombstone) is not used: the post is refetched.
  await apiFetch(`/api/forum/posts/${id}`, z.unknown(), { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, id) =>
      Promise.all([
        // exact: the replies under the post's key need no refetch.
        queryClient.invalidateQueries({ queryKey: queryKeys.post(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
        // A deleted review no longer counts on its film's page.
        queryClient.invalidateQueries({ queryKey: filmKeys.all }),
      ]),
  });
}
