import { z } from 'zod';
import { authorSchema, postBodySchema } from './forum.js';
import { multiLineText, pageCursorSchema, singleLineText, visibleMin } from './text.js';
import { mediaPathPattern } from './uploads.js';

/** News articles: written by admins, read by everyone, discussed with the forum's replies. */
export const newsLimits = {
  titleMin: 5,
  titleMax: 150,
  summaryMax: 300,
  coverAltMax: 200,
  pageSizeMax: 50,
} as const;

export const newsStatuses = ['draft', 'scheduled', 'published'] as const;
export type NewsStatus = (typeof newsStatuses)[number];
export const newsStatusLabels: Record<NewsStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** A cover is one of our own uploads (`/media/<id>.webp`), never an outside or script URL. */
export const newsCoverSchema = z.object({
  url: singleLineText().regex(mediaPathPattern, 'Choose a cover image uploaded to this site'),
  alt: singleLineText()
    .trim()
    .check(...visibleMin(1, 'Describe the cover image for people who cannot see it'))
    .max(newsLimits.coverAltMax),
});

const newsFields = {
  title: singleLineText()
    .trim()
    .check(
      ...visibleMin(newsLimits.titleMin, `Title needs at least ${newsLimits.titleMin} characters`),
    )
    .max(newsLimits.titleMax, `Title can be at most ${newsLimits.titleMax} characters`),
  summary: multiLineText()
    .trim()
    .check(...visibleMin(1, 'Summary cannot be empty'))
    .max(newsLimits.summaryMax, `Summary can be at most ${newsLimits.summaryMax} characters`),
  body: postBodySchema,
  cover: newsCoverSchema.nullable(),
  status: z.enum(newsStatuses),
  /** Required for scheduled (and in the future); ignored for drafts; set by the server on publish. */
  publishAt: z.iso.datetime({ offset: true }).nullable(),
  featured: z.boolean(),
};

export const createNewsBody = z
  .object({
    ...newsFields,
    cover: newsFields.cover.default(null),
    publishAt: newsFields.publishAt.default(null),
    featured: newsFields.featured.default(false),
  })
  .strict();
export type CreateNewsBody = z.input<typeof createNewsBody>;
/** An edit replaces the fields it names; unpublishing is `status: 'draft'`. */
export const updateNewsBody = z.object(newsFields).partial().strict();
export type UpdateNewsBody = z.input<typeof updateNewsBody>;

export const newsSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.object({ url: z.string(), thumbnailUrl: z.string(), alt: z.string() }).nullable(),
  status: z.enum(newsStatuses),
  featured: z.boolean(),
  /** When it went or goes out; null for a draft. */
  publishAt: z.iso.datetime({ offset: true }).nullable(),
  author: authorSchema,
  commentCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /**
   * The signed-in reader's reading of the public list (null otherwise): `seen` once they opened
   * the article, and the replies posted since they last read its comments.
   */
  unread: z.object({ seen: z.boolean(), replies: z.number().int() }).nullable(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsArticleSchema = newsSummarySchema.extend({
  bodyHtml: z.string(),
  bodySource: z.string(),
  /** The forum thread holding the article's comments (GET /api/forum/posts/:id/comments). */
  discussionPostId: z.number().int().nullable(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;
export const newsArticleResponse = z.object({ article: newsArticleSchema });

export const newsListQuery = z
  .object({
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(newsLimits.pageSizeMax).default(10),
  })
  .strict();
export const newsListResponse = z.object({
  items: z.array(newsSummarySchema),
  nextCursor: z.string().nullable(),
});
