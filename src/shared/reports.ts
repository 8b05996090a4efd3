import { z } from 'zod';
import { authorSchema } from './forum.js';
import { postModerationActions } from './moderation-actions.js';
import { reasonMax } from './reasons.js';
import { multiLineText, pageCursorSchema, visibleLength } from './text.js';

/**
 * Reports (DESIGN.md §4): a member saying what is wrong with a thread, a reply or a chat
 * message, and the reporter's own list of what became of theirs.
 */

/** Distinct reporters after which an item is hidden pending review. */
export const reportsToHide = 3;

/** The reason an item hidden by its members' reports shows until a moderator reviews it. */
export const hiddenByReportsReason = `Hidden pending review after reports from ${reportsToHide} members`;

export const reportCategories = ['spam', 'abuse', 'off-topic', 'other'] as const;
export type ReportCategory = (typeof reportCategories)[number];
export const reportCategoryLabels: Record<ReportCategory, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  'off-topic': 'Off-topic',
  other: 'Something else',
};

/** A report: a category, and words of one's own (required for "other"). */
export const reportBody = z
  .object({
    category: z.enum(reportCategories),
    reason: multiLineText().trim().max(reasonMax).default(''),
  })
  .strict()
  .refine((report) => report.category !== 'other' || visibleLength(report.reason) >= 3, {
    path: ['reason'],
    message: 'Say briefly what is wrong',
  });
export type ReportBody = z.input<typeof reportBody>;

/** A report as moderators see it beside the item. */
export const reportSchema = z.object({
  id: z.number().int(),
  reporter: authorSchema,
  category: z.enum(reportCategories),
  reason: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** A reporter's own report and what became of it (GET /api/reports/mine). */
export const reportStatuses = ['open', 'resolved'] as const;
export const myReportSchema = z.object({
  /** Unique in the list: forum and chat reports are numbered apart (`forum-12`, `chat-5`). */
  id: z.string(),
  target: z.union([
    z.object({
      type: z.enum(['post', 'comment']),
      postId: z.number().int(),
      commentId: z.number().int().nullable(),
      /** The thread's title (for a reply: the thread it is in; a news comment: the article's). */
      title: z.string(),
      /**
       * Where the item is shown: the thread's page, with the reply's anchor for a reply; a news
       * article's comments are shown beside the article.
       */
      link: z.string(),
    }),
    z.object({
      type: z.literal('message'),
      roomId: z.number().int(),
      messageId: z.number().int(),
      /** The chat room's name. */
      title: z.string(),
      /** The room, opened at the message. */
      link: z.string(),
    }),
  ]),
  category: z.enum(reportCategories),
  reason: z.string(),
  status: z.enum(reportStatuses),
  /** The moderator's action that closed it (dismiss: nothing wrong was found). */
  resolution: z.enum(postModerationActions).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportsQuery = z
  .object({
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const myReportsResponse = z.object({
  items: z.array(myReportSchema),
  nextCursor: z.string().nullable(),
});
