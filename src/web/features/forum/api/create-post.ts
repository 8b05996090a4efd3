import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postResponse, type CreatePostBody } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { filmKeys, queryKeys } from '../../../api/query-keys';

/** POST /api/forum/posts: starts a thread; rate limited per user. */
export async function createPost(body: CreatePostBody) {
  const { post } = await apiFetch('/api/forum/posts', postResponse, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return post;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: async (post) => {
      queryClient.setQueryData(queryKeys.post(post.id), post);
      // A review counts on its film's page, in the films list and its order.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
        queryClient.invalidateQueries({ queryKey: filmKeys.all }),
      ]);
    },
  });
}
