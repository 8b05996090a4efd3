import { z } from 'zod';
import { categorySchema, idSchema } from './forum.js';
import { moderatorReasonSchema } from './reasons.js';

/**
 * What moderators do to threads and replies (DESIGN.md §4), from the review queue or the
 * thread's page, and the item as they see it.
 */

/** Actions on a reported or visible thread (moderators; purge: experienced moderators). */
export const postModerationActions = [
  'dismiss',
  'hide',
  'restore',
  'lock',
  'unlock',
  'pin',
  'unpin',
  'move',
  'purge',
] as const;
export const commentModerationActions = ['dismiss', 'hide', 'restore', 'purge'] as const;
export type PostModerationAction = (typeof postModerationActions)[number];
export type CommentModerationAction = (typeof commentModerationActions)[number];

/** `reason` is required for hide and purge; `categoryId` for move. */
export const moderatePostBody = z
  .object({
    action: z.enum(postModerationActions),
    reason: moderatorReasonSchema.optional(),
    categoryId: idSchema.optional(),
  })
  .strict();
export const moderateCommentBody = z
  .object({
    action: z.enum(commentModerationActions),
    reason: moderatorReasonSchema.optional(),
  })
  .strict();

/** An item in the review queue: a thread or a reply, with the state a moderator acts on. */
export const moderationTargetSchema = z.object({
  type: z.enum(['post', 'comment']),
  postId: z.number().int(),
  commentId: z.number().int().nullable(),
  /** The thread's title (for a reply: the thread it is in). */
  title: z.string(),
  bodyHtml: z.string(),
  category: categorySchema.pick({ id: true, slug: true, name: true }),
  hidden: z.object({ reason: z.string() }).nullable(),
  locked: z.boolean(),
  pinned: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

export const moderationResultResponse = z.object({ target: moderationTargetSchema });
