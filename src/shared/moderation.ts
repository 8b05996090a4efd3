import { z } from 'zod';
import { authorSchema, categorySchema, idSchema } from './forum.js';
import { roles } from './roles.js';
import {
  groupDigits,
  multiLineText,
  pageCursorSchema,
  singleLineText,
  visibleLength,
  visibleMin,
} from './text.js';
import { moneyTotalSchema } from './currencies.js';

/**
 * The moderation contract (DESIGN.md §4): reports and the review queue, mutes, moderator
 * requests, the audit log and the admin dashboard. Shared by the server (validation, OpenAPI)
 * and the web app (forms, parsing).
 */
export const moderationLimits = {
  /** Distinct reporters after which an item is hidden pending review. */
  reportsToHide: 3,
  reasonMax: 500,
  motivationMax: 1_000,
  motivationMin: 20,
  /** A user may ask to become a moderator once the account is this old. */
  modRequestMinAccountDays: 7,
  pageSizeMax: 50,
} as const;

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
    reason: multiLineText().trim().max(moderationLimits.reasonMax).default(''),
  })
  .strict()
  .refine((report) => report.category !== 'other' || visibleLength(report.reason) >= 3, {
    path: ['reason'],
    message: 'Say briefly what is wrong',
  });
export type ReportBody = z.input<typeof reportBody>;

const reasonSchema = multiLineText()
  .trim()
  .check(...visibleMin(3, 'Give a reason of at least 3 characters'))
  .max(moderationLimits.reasonMax);

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
    reason: reasonSchema.optional(),
    categoryId: idSchema.optional(),
  })
  .strict();
export const moderateCommentBody = z
  .object({ action: z.enum(commentModerationActions), reason: reasonSchema.optional() })
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

export const reportSchema = z.object({
  id: z.number().int(),
  reporter: authorSchema,
  category: z.enum(reportCategories),
  reason: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** What a moderator sees of a member next to their content. */
export const memberHistorySchema = z.object({
  joinedAt: z.iso.datetime({ offset: true }),
  postCount: z.number().int(),
  commentCount: z.number().int(),
  /** Reports against their content, all time. */
  reportsAgainst: z.number().int(),
  /** Moderation actions taken on their account or content. */
  sanctions: z.number().int(),
});
export type MemberHistory = z.infer<typeof memberHistorySchema>;

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
    limit: z.coerce.number().int().min(1).max(moderationLimits.pageSizeMax).default(20),
  })
  .strict();
export const reviewQueueResponse = z.object({
  items: z.array(reviewQueueItemSchema),
  nextCursor: z.string().nullable(),
});
export const moderationResultResponse = z.object({ target: moderationTargetSchema });

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
    limit: z.coerce.number().int().min(1).max(moderationLimits.pageSizeMax).default(20),
  })
  .strict();
export const myReportsResponse = z.object({
  items: z.array(myReportSchema),
  nextCursor: z.string().nullable(),
});

/* Mutes (silence). */
export const muteDurations = ['1h', '1d', '1w'] as const;
export type MuteDuration = (typeof muteDurations)[number];
export const muteDurationSeconds: Record<MuteDuration, number> = {
  '1h': 3_600,
  '1d': 86_400,
  '1w': 604_800,
};
export const muteDurationLabels: Record<MuteDuration, string> = {
  '1h': '1 hour',
  '1d': '1 day',
  '1w': '1 week',
};
export const muteBody = z
  .object({ duration: z.enum(muteDurations), reason: reasonSchema })
  .strict();
export const muteSchema = z.object({
  reason: z.string(),
  until: z.iso.datetime({ offset: true }),
});
export type MuteInfo = z.infer<typeof muteSchema>;
/** Details of the permission-denied answer to a muted user's write. */
export const mutedDetails = z.object({ muted: muteSchema });

/* Moderator requests. */
export const modRequestStatuses = ['open', 'approved', 'rejected'] as const;
export const createModRequestBody = z
  .object({
    motivation: multiLineText()
      .trim()
      .check(
        ...visibleMin(
          moderationLimits.motivationMin,
          `Tell us a little more (at least ${moderationLimits.motivationMin} characters)`,
        ),
      )
      .max(
        moderationLimits.motivationMax,
        `At most ${groupDigits(moderationLimits.motivationMax)} characters`,
      ),
  })
  .strict();
export const rejectModRequestBody = z.object({ reason: reasonSchema }).strict();
export const modRequestSchema = z.object({
  id: z.number().int(),
  requester: authorSchema,
  motivation: z.string(),
  status: z.enum(modRequestStatuses),
  decisionReason: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ModRequest = z.infer<typeof modRequestSchema>;
export const modRequestResponse = z.object({ request: modRequestSchema });
/** The signed-in user's latest request and whether they may ask now (and if not, why). */
export const myModRequestResponse = z.object({
  request: modRequestSchema.nullable(),
  eligibility: z.object({ eligible: z.boolean(), reason: z.string().nullable() }),
});
export const modRequestListQuery = z
  .object({
    status: z.enum(modRequestStatuses).default('open'),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(moderationLimits.pageSizeMax).default(20),
  })
  .strict();
export const modRequestListResponse = z.object({
  items: z.array(modRequestSchema.extend({ requesterHistory: memberHistorySchema })),
  nextCursor: z.string().nullable(),
});

/* The audit log. */
export const auditActions = [
  'report.dismiss',
  'post.hide',
  'post.restore',
  'post.lock',
  'post.unlock',
  'post.pin',
  'post.unpin',
  'post.move',
  'post.purge',
  'post.edit',
  'comment.hide',
  'comment.restore',
  'comment.purge',
  'comment.edit',
  'user.mute',
  'user.unmute',
  'user.block',
  'user.unblock',
  'user.role',
  'user.identity-link',
  'user.identity-unlink',
  'mod-request.approve',
  'mod-request.reject',
  'news.create',
  'news.update',
  'news.delete',
  'category.create',
  'category.update',
  'category.reorder',
  'site.update',
  'chat-message.hide',
  'chat-message.restore',
  'chat-room.create',
  'chat-room.update',
  'donation-message.hide',
  'donation-message.restore',
  'campaign.update',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditTargetTypes = [
  'user',
  'post',
  'comment',
  'mod-request',
  'news',
  'category',
  'site',
  'chat-message',
  'chat-room',
  'donation',
  'campaign',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** How the audit log names the site itself when it acted (no member did). */
export const systemActorName = 'System';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null when the site itself acted: an automatic action or the operator's command line. */
  actor: authorSchema.nullable(),
  action: z.enum(auditActions),
  target: z.object({ type: z.enum(auditTargetTypes), id: z.string(), label: z.string() }),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListQuery = z
  .object({
    /** A username or user id. */
    actor: singleLineText().trim().min(1).max(100).optional(),
    targetType: z.enum(auditTargetTypes).optional(),
    targetId: singleLineText().trim().min(1).max(100).optional(),
    action: z.enum(auditActions).optional(),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export const auditListResponse = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});

/* The admin dashboard. */
export const adminStatsResponse = z.object({
  users: z.number().int(),
  newUsersThisWeek: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  openReports: z.number().int(),
  pendingModRequests: z.number().int(),
  /**
   * Null until donations exist: how many were received and kept, and the money kept per
   * currency paid in (the site's first; currencies are never added together).
   */
  donations: z.object({ count: z.number().int(), amounts: z.array(moneyTotalSchema) }).nullable(),
});
export type AdminStats = z.infer<typeof adminStatsResponse>;

export const siteSettingsBody = z
  .object({
    name: singleLineText()
      .trim()
      .check(...visibleMin(2, 'Site name needs at least 2 characters'))
      .max(60, 'Site name can be at most 60 characters'),
    description: multiLineText().trim().max(300, 'Description can be at most 300 characters'),
    /** Admins and moderators must have a second factor on before any staff page or action. */
    staffSecondFactor: z.boolean().optional(),
  })
  .strict();
export const siteSettingsResponse = z.object({
  name: z.string(),
  description: z.string(),
  staffSecondFactor: z.boolean(),
});

/** The member list's filters (moderators: /moderator/users; admins: /admin/users). */
export const userStatuses = ['active', 'blocked', 'muted', 'unverified'] as const;
export const userSorts = ['newest', 'oldest', 'name'] as const;
export const userFilterFields = {
  role: z.enum(roles).optional(),
  status: z.enum(userStatuses).optional(),
  sort: z.enum(userSorts).default('newest'),
};
