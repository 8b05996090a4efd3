import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { commentResponse, type Comment } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { updateCachedComment } from './get-comments';

/** DELETE /api/forum/comments/:id: a soft delete; the reply stays in place as a tombstone. */
export async function deleteComment(comment: Comment): Promise<Comment> {
  const answer = await apiFetch(`/api/forum/comments/${comment.id}`, z.unknown(), {
    method: 'DELETE',
  });
  // The server may answer with the tombstone or with no body; either way the reply is gone.
  const parsed = commentResponse.safeParse(answer);
  if (parsed.success) return parsed.data.comment;
  return {
    ...comment,
    deleted: true,
    bodyHtml: '',
    bodySource: '',
    viewer: { ...comment.viewer, canEdit: false, canDelete: false },
  };
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: async (tombstone) => {
      updateCachedComment(queryClient, tombstone.postId, tombstone.id, () => tombstone);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.post(tombstone.postId),
        exact: true,
      });
    },
  });
}
