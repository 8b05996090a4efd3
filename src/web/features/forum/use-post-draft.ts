import { z } from 'zod';
import { filmChoiceSchema, type PostFormValues } from './post-form-schema';
import { useDraft } from './use-draft';

/** One draft per account, so two people sharing a browser never see each other's. */
export function draftKey(userId: string): string {
  return `viewpoint:forum-draft:${userId}`;
}

const storedDraft = z.object({
  title: z.string().catch(''),
  body: z.string().catch(''),
  categoryId: z.string().catch(''),
  tags: z.array(z.string()).catch([]),
  filmTitle: z.string().catch(''),
  rating: z.number().int().min(0).max(10).catch(0),
  film: filmChoiceSchema.nullable().catch(null),
}) satisfies z.ZodType<PostFormValues>;

function isEmpty(values: PostFormValues): boolean {
  return values.title.trim() === '' && values.body.trim() === '';
}

/** The new-thread form's draft (see `useDraft`). */
export function usePostDraft(userId: string, restore: (values: PostFormValues) => void) {
  return useDraft<PostFormValues>({ key: draftKey(userId), schema: storedDraft, isEmpty, restore });
}

/** An unsaved edit of a thread, with what the form started from (as JSON). */
interface PostEditDraft {
  values: PostFormValues;
  base: string;
}

/** One per account and thread. */
export function postEditDraftKey(userId: string, postId: number): string {
  return `viewpoint:post-edit:${userId}:${postId}`;
}

const storedEdit = z.object({
  values: storedDraft,
  base: z.string().catch(''),
}) satisfies z.ZodType<PostEditDraft>;

/**
 * An edit of a thread, kept while it is written; it comes back only onto the thread as it
 * started from (one changed since, elsewhere, starts afresh).
 */
export function usePostEditDraft(
  userId: string,
  postId: number,
  base: PostFormValues,
  restore: (values: PostFormValues) => void,
) {
  const start = JSON.stringify(base);
  return useDraft<PostEditDraft>({
    key: postEditDraftKey(userId, postId),
    schema: storedEdit,
    isEmpty: (draft) => JSON.stringify(draft.values) === draft.base,
    restore: (draft) => {
      if (draft.base === start) restore(draft.values);
    },
  });
}
