import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postResponse, type UpdatePostBody } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { filmKeys, queryKeys } from '../../../api/query-keys';

export interface UpdatePostInput {
  id: number;
  changes: UpdatePostBody;
}

/** PATCH /api/forum/posts/:id: the server keeps the replaced title and body as a revision. */
export async function updatePost({ id, changes }: UpdatePostInput) {
  const { post } = await apiFetch(`/api/forum/posts/${id}`, postResponse, {
    method: 'PATCH',
    body: JSON.stringify(changes),
  });
  return post;
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: async (post) => {
      queryClient.setQueryData(queryKeys.post(post.id), post);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.revisions(post.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
        // A new rating or another film changes the films' pages and figures.
        queryClient.invalidateQueries({ queryKey: filmKeys.all }),
      ]);
    },
  });
}
