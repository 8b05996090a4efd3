import { z } from 'zod';
import { authorSchema } from './forum.js';
import { memberHistorySchema } from './member-history.js';
import { moderationTargetSchema } from './moderation-actions.js';
import { reportSchema } from './reports.js';
import { pageCursorSchema } from './text.js';

/**
 * The review queue (DESIGN.md §4): reported threads, replies and chat messages, each with its
 * author's history and its reports, waiting for a moderator.
 */

export const reviewItemSchema = z.object({
  target: moderationTargetSchema,
  author: authorSchema,
  authorHistory: memberHistorySchema,
  reports: z.array(reportSchema),
  firstReportedAt: z.iso.datetime({ offset: true }),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** A reported chat message in the review queue: its text, its room and its state. */
export const chatMessageTargetSchema = z.object({
  type: z.literal('chat-message'),
  messageId: z.number().int(),
  room: z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() }),
  bodyHtml: z.string(),
  hidden: z.object({ reason: z.string() }).nullable(),
  deleted: z.boolean(),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessageTarget = z.infer<typeof chatMessageTargetSchema>;

/** Acted on through chat's own moderation (dismiss, hide with a reason, restore). */
export const chatReviewItemSchema = reviewItemSchema.extend({ target: chatMessageTargetSchema });
export type ChatReviewItem = z.infer<typeof chatReviewItemSchema>;

/** The queue holds threads and replies (`ReviewItem`) and chat messages (`ChatReviewItem`). */
export const reviewQueueItemSchema = z.union([reviewItemSchema, chatReviewItemSchema]);
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const isChatReviewItem = (item: ReviewQueueItem): item is ChatReviewItem =>
  item.target.type === 'chat-message';

export const reviewQueueQuery = z
  .object({
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const reviewQueueResponse = z.object({
  items: z.array(reviewQueueItemSchema),
  nextCursor: z.string().nullable(),
});
