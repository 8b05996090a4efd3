import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reactionResponse, type PostDetail } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface ReactInput {
  id: number;
  /** True to like, false to take the like back. */
  react: boolean;
}

/** PUT or DELETE /api/forum/posts/:id/reaction: idempotent, one like per user. */
export function reactToPost({ id, react }: ReactInput) {
  return apiFetch(`/api/forum/posts/${id}/reaction`, reactionResponse, {
    method: react ? 'PUT' : 'DELETE',
  });
}

/** The like shows at once; a refusal puts the old state back. */
export function useReactToPost() {
  const queryClient = useQueryClient();
  const setPost = (id: number, change: (post: PostDetail) => PostDetail) =>
    queryClient.setQueryData<PostDetail>(queryKeys.post(id), (post) => post && change(post));

  return useMutation({
    mutationFn: reactToPost,
    onMutate: async ({ id, react }) => {
      // exact: the replies and revisions live under the post's key and must not be cancelled.
      await queryClient.cancelQueries({ queryKey: queryKeys.post(id), exact: true });
      const previous = queryClient.getQueryData<PostDetail>(queryKeys.post(id));
      if (previous && previous.viewer.reacted !== react) {
        setPost(id, (post) => ({
          ...post,
          reactionCount: post.reactionCount + (react ? 1 : -1),
          viewer: { ...post.viewer, reacted: react },
        }));
      }
      return { previous };
    },
    onError: (_error, { id }, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.post(id), context.previous);
    },
    onSuccess: ({ reacted, reactionCount }, { id }) => {
      setPost(id, (post) => ({ ...post, reactionCount, viewer: { ...post.viewer, reacted } }));
      // The list's "top" order and counts follow reactions.
      return queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    },
  });
}
