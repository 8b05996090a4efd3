import { z } from 'zod';
import { useDraft } from './use-draft';

/** The reply being answered: enough to say so and to link the new reply to it. */
export interface ReplyTarget {
  id: number;
  authorName: string;
}

export interface ReplyDraft {
  body: string;
  replyTo: ReplyTarget | null;
}

/** One draft per account and thread: replies to two threads never mix. */
export function replyDraftKey(userId: string, postId: number): string {
  return `viewpoint:reply-draft:${userId}:${postId}`;
}

const storedDraft = z.object({
  body: z.string().catch(''),
  replyTo: z
    .object({ id: z.number().int().positive(), authorName: z.string() })
    .nullable()
    .catch(null),
}) satisfies z.ZodType<ReplyDraft>;

const isEmpty = (draft: ReplyDraft) => draft.body.trim() === '' && draft.replyTo === null;

/** The reply form's draft under a thread or an article (see `useDraft`). */
export function useReplyDraft(
  userId: string,
  postId: number,
  restore: (draft: ReplyDraft) => void,
) {
  return useDraft({ key: replyDraftKey(userId, postId), schema: storedDraft, isEmpty, restore });
}

/** An unsaved edit of a reply, with the text it started from. */
export interface ReplyEditDraft {
  body: string;
  base: string;
}

const storedEdit = z.object({
  body: z.string().catch(''),
  base: z.string().catch(''),
}) satisfies z.ZodType<ReplyEditDraft>;

/** One per account and reply. */
export function replyEditDraftKey(userId: string, commentId: number): string {
  return `viewpoint:reply-edit:${userId}:${commentId}`;
}

/**
 * An edit of a reply, kept while it is written; it comes back only onto the text it started
 * from (a reply changed since, elsewhere, starts afresh).
 */
export function useReplyEditDraft(
  userId: string,
  comment: { id: number; source: string },
  restore: (body: string) => void,
) {
  return useDraft({
    key: replyEditDraftKey(userId, comment.id),
    schema: storedEdit,
    isEmpty: (draft) => draft.body === draft.base,
    restore: (draft) => {
      if (draft.base === comment.source) restore(draft.body);
    },
  });
}
