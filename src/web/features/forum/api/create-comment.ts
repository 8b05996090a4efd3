import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentResponse, type Comment } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import type { CommentPages } from './get-comments';

export interface CreateCommentInput {
  postId: number;
  body: string;
  replyToId: number | null;
}

/** POST /api/forum/posts/:id/comments: refused for locked or deleted threads. */
export async function createComment({ postId, body, replyToId }: CreateCommentInput) {
  const { comment } = await apiFetch(`/api/forum/posts/${postId}/comments`, commentResponse, {
    method: 'POST',
    body: JSON.stringify({ body, replyToId }),
  });
  return comment;
}

/**
 * Replies are in time order, so a new one belongs at the very end: it joins the cache only when
 * the last page is loaded (otherwise "Load more" will bring it). Refetching every loaded page
 * of a long thread instead would cost one request per 50 replies.
 */
function appendComment(data: CommentPages | undefined, comment: Comment) {
  // Its announcement on the live channel may have brought it first.
  const known = data?.pages.some((page) => page.items.some((item) => item.id === comment.id));
  if (!data || known) return data;
  const last = data.pages.at(-1);
  const pages = data.pages.map((page) => ({ ...page, total: page.total + 1 }));
  if (last && last.nextCursor === null) {
    const end = pages.length - 1;
    pages[end] = { ...pages[end]!, items: [...last.items, comment] };
  }
  return { ...data, pages };
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: async (comment) => {
      queryClient.setQueryData<CommentPages>(queryKeys.comments(comment.postId), (data) =>
        appendComment(data, comment),
      );
      await Promise.all([
        // The thread's reply count and last activity changed.
        queryClient.invalidateQueries({ queryKey: queryKeys.post(comment.postId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
      ]);
    },
  });
}
