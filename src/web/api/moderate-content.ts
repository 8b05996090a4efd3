import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  moderationResultResponse,
  type CommentModerationAction,
  type PostModerationAction,
} from '../../shared/moderation-actions';
import { apiFetch } from './api-client';
import { filmKeys, queryKeys } from './query-keys';

/**
 * A moderator's action on a thread or a reply. Shared by the review queue and the thread page,
 * so both act through the same call and leave the same caches fresh.
 */
export type ModerationRequest =
  | {
      type: 'post';
      postId: number;
      action: PostModerationAction;
      reason?: string;
      categoryId?: number;
    }
  | {
      type: 'comment';
      postId: number;
      commentId: number;
      action: CommentModerationAction;
      reason?: string;
    };

/** POST /api/moderation/{posts|comments}/:id: closes the item's open reports too. */
export async function moderateContent(request: ModerationRequest) {
  const { action, reason } = request;
  const path =
    request.type === 'post'
      ? `/api/moderation/posts/${request.postId}`
      : `/api/moderation/comments/${request.commentId}`;
  const body =
    request.type === 'post' && request.categoryId !== undefined
      ? { action, reason, categoryId: request.categoryId }
      : { action, reason };
  const { target } = await apiFetch(path, moderationResultResponse, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return target;
}

export function useModerateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateContent,
    onSuccess: (_target, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueue }),
        // exact: a thread action leaves its replies as they are.
        queryClient.invalidateQueries({ queryKey: queryKeys.post(request.postId), exact: true }),
        ...(request.type === 'comment'
          ? [queryClient.invalidateQueries({ queryKey: queryKeys.comments(request.postId) })]
          : [
              queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
              // A hidden, restored or moved review changes its film's figures and list.
              queryClient.invalidateQueries({ queryKey: filmKeys.all }),
            ]),
      ]),
  });
}
