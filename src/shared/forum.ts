import { z } from 'zod';
import { roles } from './roles.js';
import {
  groupDigits,
  multiLineText,
  pageCursorSchema,
  singleLineText,
  visibleMin,
} from './text.js';

/**
 * The forum's contract, shared by the server (validation, OpenAPI) and the web app (forms,
 * parsing). Limits live here once.
 */
export const forumLimits = {
  titleMin: 5,
  titleMax: 150,
  postBodyMax: 40_000,
  commentBodyMax: 10_000,
  tagsMax: 5,
  tagMax: 30,
  filmTitleMax: 200,
  reportReasonMax: 500,
  pageSizeMax: 50,
  /** Links a new account's first posts may hold. */
  newAccountLinksMax: 2,
} as const;

const trimmed = (text: typeof singleLineText, min: number, max: number, what: string) =>
  text()
    .trim()
    .check(
      ...visibleMin(
        min,
        min === 1 ? `${what} cannot be empty` : `${what} needs at least ${min} characters`,
      ),
    )
    .max(max, `${what} can be at most ${groupDigits(max)} characters`);

export const postTitleSchema = trimmed(
  singleLineText,
  forumLimits.titleMin,
  forumLimits.titleMax,
  'Title',
);
export const postBodySchema = trimmed(multiLineText, 1, forumLimits.postBodyMax, 'Body');
export const commentBodySchema = trimmed(multiLineText, 1, forumLimits.commentBodyMax, 'Reply');

export const tagSchema = singleLineText()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, 'Tags use letters, digits and dashes, at most 30 characters');

export const ratingSchema = z.number().int().min(1).max(10);

/** Database ids of posts, comments and categories travel as positive integers. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParams = z.object({ id: idSchema });

const tagsSchema = z
  .array(tagSchema)
  .max(forumLimits.tagsMax, `At most ${forumLimits.tagsMax} tags`)
  .transform((tags) => [...new Set(tags)]);

const postFields = {
  title: postTitleSchema,
  body: postBodySchema,
  categoryId: idSchema,
  tags: tagsSchema,
  /** Reviews only: the film (one of /api/films, or a title alone from older clients) and a rating out of ten. */
  filmId: idSchema.nullish(),
  filmTitle: singleLineText()
    .trim()
    .check(...visibleMin(1, 'Film title cannot be empty'))
    .max(forumLimits.filmTitleMax)
    .nullish(),
  rating: ratingSchema.nullish(),
};

export const createPostBody = z.object({ ...postFields, tags: tagsSchema.default([]) }).strict();
export type CreatePostBody = z.input<typeof createPostBody>;

/** An edit replaces the thread's editable fields; each one left out stays as it was. */
export const updatePostBody = z.object(postFields).partial().strict();
export type UpdatePostBody = z.input<typeof updatePostBody>;

export const createCommentBody = z
  .object({ body: commentBodySchema, replyToId: idSchema.nullish() })
  .strict();
export const updateCommentBody = z.object({ body: commentBodySchema }).strict();

export const previewBody = z
  .object({ body: multiLineText().max(forumLimits.postBodyMax) })
  .strict();
export const previewResponse = z.object({ html: z.string() });

export const postSorts = ['latest', 'newest', 'top'] as const;
export type PostSort = (typeof postSorts)[number];

export const postListQuery = z
  .object({
    category: singleLineText().trim().min(1).max(60).optional(),
    tag: tagSchema.optional(),
    /** A username: that author's threads (profile pages). */
    author: singleLineText().trim().min(1).max(40).optional(),
    sort: z.enum(postSorts).default('latest'),
    /** `new`: only threads the signed-in viewer has not read to the end (signed in only). */
    filter: z.enum(['new']).optional(),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(forumLimits.pageSizeMax).default(20),
  })
  .strict();
export type PostListQuery = z.input<typeof postListQuery>;

export const pageQuery = z
  .object({
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(forumLimits.pageSizeMax).default(20),
  })
  .strict();

/** The archived category whose threads are news articles' comments (decision 013). */
export const newsCategorySlug = 'news';

/** The category whose threads are reviews: the only one that takes and shows a film and a rating. */
export const reviewsCategorySlug = 'reviews';

export const showsRatings = (categorySlug: string): boolean => categorySlug === reviewsCategorySlug;

/**
 * The film and rating a thread shows: its own in a category that shows ratings, none elsewhere.
 * A thread moved out of Reviews keeps them stored, so they come back when it returns.
 */
export function shownReview(
  categorySlug: string,
  stored: { filmTitle: string | null; rating: number | null },
): { filmTitle: string | null; rating: number | null } {
  return showsRatings(categorySlug)
    ? { filmTitle: stored.filmTitle, rating: stored.rating }
    : { filmTitle: null, rating: null };
}

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  archived: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListResponse = z.object({ categories: z.array(categorySchema) });

const categoryName = singleLineText()
  .trim()
  .check(...visibleMin(2, 'A category name needs at least 2 characters'))
  .max(40, 'A category name can be at most 40 characters');

export const createCategoryBody = z
  .object({
    name: categoryName,
    description: multiLineText().trim().max(300).default(''),
  })
  .strict();
export const updateCategoryBody = z
  .object({
    name: categoryName.optional(),
    description: multiLineText().trim().max(300).optional(),
    archived: z.boolean().optional(),
  })
  .strict();
export const reorderCategoriesBody = z.object({ ids: z.array(idSchema).min(1).max(200) }).strict();

/** Who wrote something, as every list and page shows it. */
export const authorSchema = z.object({
  id: z.string(),
  /** Null for deleted accounts ('deleted user'), which have no profile page. */
  username: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  role: z.enum(roles).nullable(),
});
export type Author = z.infer<typeof authorSchema>;

export const postSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: categorySchema.pick({ id: true, slug: true, name: true }),
  author: authorSchema,
  tags: z.array(z.string()),
  filmTitle: z.string().nullable(),
  rating: z.number().int().nullable(),
  pinned: z.boolean(),
  locked: z.boolean(),
  replyCount: z.number().int(),
  reactionCount: z.number().int(),
  viewCount: z.number().int(),
  lastActivityAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * The signed-in viewer's reading of the thread (null for visitors): `seen` once they opened
   * it, and the replies posted since they last read it.
   */
  unread: z.object({ seen: z.boolean(), replies: z.number().int() }).nullable(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postListResponse = z.object({
  items: z.array(postSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PostList = z.infer<typeof postListResponse>;

/** What the viewer may do here; the server enforces the same rules. */
export const contentAbilitiesSchema = z.object({
  reacted: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});

export const postDetailSchema = postSummarySchema.extend({
  /** A review's film and its page (null outside Reviews, or for a review that names none). */
  film: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
  /** Empty when deleted: the page shows a tombstone. */
  bodyHtml: z.string(),
  bodySource: z.string(),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  deleted: z.boolean(),
  /** Hidden by a moderator, with the reason: shown only to the author and moderators. */
  hidden: z.object({ reason: z.string() }).nullable(),
  viewer: contentAbilitiesSchema.extend({ canReply: z.boolean() }),
});
export type PostDetail = z.infer<typeof postDetailSchema>;
export const postResponse = z.object({ post: postDetailSchema });

/**
 * The one rule of whether a thread takes new replies: not when it is deleted, hidden or locked,
 * asked in that order (the order a reader would ask in, so a refused reply names the first).
 * The thread page's `canReply`, the reason a refused reply gives and the reply form's notice
 * come from here; the reply's insert checks the same states in SQL, generated from this list
 * (`takesRepliesSql` in the server's forum repo), so the check and the insert are one statement.
 */
export const replyBlockers = ['deleted', 'hidden', 'locked'] as const;
export type ReplyBlocker = (typeof replyBlockers)[number];
export type ThreadReplyState = Readonly<Record<ReplyBlocker, boolean>>;

/** What stops this thread taking replies, or null when it takes them. */
export function replyBlocker(thread: ThreadReplyState): ReplyBlocker | null {
  return replyBlockers.find((blocker) => thread[blocker]) ?? null;
}

export const takesReplies = (thread: ThreadReplyState): boolean => replyBlocker(thread) === null;

/** What a member is told when a thread takes no replies, by what stops it. */
export const noRepliesMessage: Readonly<Record<ReplyBlocker, string>> = {
  deleted: 'This thread was deleted: it takes no new replies.',
  hidden: 'This thread is hidden: it takes no new replies.',
  locked: 'This thread is locked: it takes no new replies.',
};

export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  author: authorSchema,
  /** The quoted reply, when this one answers another. */
  replyTo: z
    .object({ id: z.number().int(), authorName: z.string(), excerpt: z.string() })
    .nullable(),
  bodyHtml: z.string(),
  reactionCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  deleted: z.boolean(),
  /** Hidden by a moderator, with the reason: shown only to the author and moderators. */
  hidden: z.object({ reason: z.string() }).nullable(),
  viewer: contentAbilitiesSchema,
  /**
   * The Markdown, for a signed-in viewer, who may quote or edit the reply; a visitor's answer
   * leaves it out (the page shows bodyHtml), so a thread's words are not sent twice over. Last,
   * as the fast serializer writes an optional field.
   */
  bodySource: z.string().optional(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentResponse = z.object({ comment: commentSchema });
export const commentPageResponse = z.object({
  items: z.array(commentSchema),
  nextCursor: z.string().nullable(),
  /** Replies in the thread, for "n of total". */
  total: z.number().int(),
});
export type CommentPage = z.infer<typeof commentPageResponse>;

/** A user's replies on their profile: each with the thread it belongs to. */
export const authorCommentSchema = z.object({
  id: z.number().int(),
  post: z.object({ id: z.number().int(), title: z.string() }),
  bodyHtml: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export const authorCommentListResponse = z.object({
  items: z.array(authorCommentSchema),
  nextCursor: z.string().nullable(),
});

export const revisionSchema = z.object({
  id: z.number().int(),
  editor: authorSchema,
  previousTitle: z.string().nullable(),
  previousBody: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Revision = z.infer<typeof revisionSchema>;
export const revisionListResponse = z.object({ revisions: z.array(revisionSchema) });

export const reactionResponse = z.object({ reacted: z.boolean(), reactionCount: z.number().int() });

/** Watching a thread or category decides who hears of its new replies. */
export const watchLevels = ['watching', 'normal', 'muted'] as const;
export type WatchLevel = (typeof watchLevels)[number];
export const watchBody = z.object({ level: z.enum(watchLevels) }).strict();
export const watchResponse = z.object({ level: z.enum(watchLevels) });

/** A member's place in a thread: how far they read it, and whether they watch it. */
export const threadReadingSchema = z.object({
  watch: z.enum(watchLevels),
  /** The newest reply they have seen; null before they opened the thread. */
  lastReadReplyId: z.number().int().nullable(),
  /** Where the thread opens for them: the oldest reply they have not seen, if any. */
  firstUnreadReplyId: z.number().int().nullable(),
  unreadReplies: z.number().int(),
});
export type ThreadReading = z.infer<typeof threadReadingSchema>;
export const threadReadingResponse = z.object({ reading: threadReadingSchema });
/** Saved as the member scrolls: the position only moves forward. 0 is "read the opening post". */
export const saveReadingBody = z
  .object({ lastReadReplyId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })
  .strict();
