import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reactionResponse, type Comment } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { updateCachedComment } from './get-comments';

export interface ReactToCommentInput {
  comment: Comment;
  /** True to like, false to take the like back. */
  react: boolean;
}

/** PUT or DELETE /api/forum/comments/:id/reaction: idempotent, one like per user. */
export function reactToComment({ comment, react }: ReactToCommentInput) {
  return apiFetch(`/api/forum/comments/${comment.id}/reaction`, reactionResponse, {
    method: react ? 'PUT' : 'DELETE',
  });
}

/** The like shows at once on that one reply; a refusal puts the old state back. */
export function useReactToComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactToComment,
    /*
     * No cancelQueries here, unlike the post's like: it would abort a "Load more replies" in
     * flight. The server's answer is written again on success, which settles any overlap.
     */
    onMutate: ({ comment, react }) => {
      updateCachedComment(queryClient, comment.postId, comment.id, (current) =>
        current.viewer.reacted === react
          ? current
          : {
              ...current,
              reactionCount: current.reactionCount + (react ? 1 : -1),
              viewer: { ...current.viewer, reacted: react },
            },
      );
    },
    // Only this reply goes back: a snapshot of every page would also undo other likes since.
    onError: (_error, { comment }) =>
      updateCachedComment(queryClient, comment.postId, comment.id, (current) => ({
        ...current,
        reactionCount: comment.reactionCount,
        viewer: { ...current.viewer, reacted: comment.viewer.reacted },
      })),
    onSuccess: ({ reacted, reactionCount }, { comment }) =>
      updateCachedComment(queryClient, comment.postId, comment.id, (current) => ({
        ...current,
        reactionCount,
        viewer: { ...current.viewer, reacted },
      })),
  });
}
