import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { updateCachedComment } from './get-comments';

export interface UpdateCommentInput {
  id: number;
  body: string;
}

/** PATCH /api/forum/comments/:id: the author's or an experienced moderator's edit. */
export async function updateComment({ id, body }: UpdateCommentInput) {
  const { comment } = await apiFetch(`/api/forum/comments/${id}`, commentResponse, {
    method: 'PATCH',
    body: JSON.stringify({ body }),
  });
  return comment;
}

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: async (comment) => {
      updateCachedComment(queryClient, comment.postId, comment.id, () => comment);
      await queryClient.invalidateQueries({ queryKey: queryKeys.commentRevisions(comment.id) });
    },
  });
}
