import { z } from 'zod';
import { authorSchema } from './forum.js';
import { roles } from './roles.js';
import { singleLineText } from './text.js';

/**
 * Search's contract, shared by the server (validation, OpenAPI) and the web app. Full-text
 * search runs in PostgreSQL (English stemming, `websearch_to_tsquery` syntax: "exact phrase",
 * -exclude, OR); people are found by username and display name with trigram similarity, so a
 * misspelt name still finds them; films by their title or original title, compared as film
 * titles are (`film_key`: no diacritics, case or leading article), a word or a near miss.
 */
export const searchCategories = ['posts', 'films', 'replies', 'news', 'users', 'chat'] as const;
export type SearchCategory = (typeof searchCategories)[number];

export const searchCategoryLabels: Record<SearchCategory, string> = {
  posts: 'Posts',
  films: 'Films',
  replies: 'Replies',
  news: 'News',
  users: 'People',
  chat: 'Chat',
};

export const searchLimits = {
  /** The longest query the server reads. */
  queryMax: 200,
  /** Results per page of one category. */
  pageSize: 20,
  /**
   * Each category ranks at most this many matches (the newest ones) and counts up to it: past
   * it the tab says "200+". Relevance needs every candidate scored, and a count reads every
   * match it counts; this bounds the work of a common word (decision 026).
   */
  candidates: 200,
  /** Results per category the quick search (Ctrl/Cmd+K) shows. */
  quickPerCategory: 3,
} as const;

/** The last page that can hold a result: later pages answer no items, not an error. */
export const searchPageMax = Math.ceil(searchLimits.candidates / searchLimits.pageSize);

/** Moderators may include hidden content (and blocked members' content), or see only it. */
export const searchHiddenFilters = ['include', 'only'] as const;
export type SearchHiddenFilter = (typeof searchHiddenFilters)[number];

const isoDate = z.iso.date({ message: 'Use a date like 2026-01-31' });

export const searchQueryText = singleLineText()
  .trim()
  .min(1, 'Type something to search for')
  .max(searchLimits.queryMax, `Search for at most ${searchLimits.queryMax} characters`);

/** GET /api/search. Filters that do not apply to a category (rating on people) are ignored. */
export const searchQuery = z
  .object({
    q: searchQueryText,
    category: z.enum(searchCategories).default('posts'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** A forum category's slug: posts and replies in it. */
    forumCategory: singleLineText().trim().min(1).max(60).optional(),
    /** A username: what they wrote. */
    author: singleLineText().trim().min(1).max(40).optional(),
    /** Written on or after this day (UTC). */
    from: isoDate.optional(),
    /** Written on or before this day (UTC). */
    to: isoDate.optional(),
    /** Reviews rated at least this (posts). */
    minRating: z.coerce.number().int().min(1).max(10).optional(),
    /** Moderators only: include hidden content, or show only it. */
    hidden: z.enum(searchHiddenFilters).optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type SearchQuery = z.input<typeof searchQuery>;
/** A search as the server reads it: defaults filled in. */
export type SearchRequest = z.output<typeof searchQuery>;

/** GET /api/search/quick: a few results per category while typing. */
export const quickSearchQuery = z.object({ q: searchQueryText }).strict();

/**
 * A snippet or title with the matched words marked: plain text parts, never HTML, so nothing
 * a member wrote can reach the page as markup.
 */
export const highlightSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type Highlight = z.infer<typeof highlightSchema>;

const when = z.iso.datetime({ offset: true });

export const postHitSchema = z.object({
  kind: z.literal('posts'),
  id: z.number().int(),
  title: highlightSchema,
  snippet: highlightSchema,
  author: authorSchema,
  category: z.object({ slug: z.string(), name: z.string() }),
  filmTitle: z.string().nullable(),
  rating: z.number().int().nullable(),
  replyCount: z.number().int(),
  reactionCount: z.number().int(),
  createdAt: when,
  hidden: z.boolean(),
});

export const replyHitSchema = z.object({
  kind: z.literal('replies'),
  id: z.number().int(),
  postId: z.number().int(),
  postTitle: z.string(),
  snippet: highlightSchema,
  author: authorSchema,
  reactionCount: z.number().int(),
  createdAt: when,
  hidden: z.boolean(),
});

export const newsHitSchema = z.object({
  kind: z.literal('news'),
  id: z.number().int(),
  title: highlightSchema,
  snippet: highlightSchema,
  publishedAt: when.nullable(),
  /** False for drafts and scheduled articles, which only admins find. */
  published: z.boolean(),
});

export const userHitSchema = z.object({
  kind: z.literal('users'),
  id: z.string(),
  username: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: z.enum(roles).nullable(),
  joinedAt: when,
  /** Blocked accounts: found by moderators only. */
  blocked: z.boolean(),
});

/** A live film (never one merged into another); `url` is its page. */
export const filmHitSchema = z.object({
  kind: z.literal('films'),
  id: z.number().int(),
  title: z.string(),
  originalTitle: z.string().nullable(),
  year: z.number().int().nullable(),
  reviewCount: z.number().int(),
  /** The mean of its visible reviews' ratings to one decimal, null without any. */
  average: z.number().nullable(),
  url: z.string(),
});

export const chatHitSchema = z.object({
  kind: z.literal('chat'),
  id: z.number().int(),
  roomId: z.number().int(),
  roomName: z.string(),
  snippet: highlightSchema,
  author: authorSchema,
  createdAt: when,
  hidden: z.boolean(),
});

/**
 * Any result; `kind` tells them apart. A plain union, not `z.discriminatedUnion`: the browser's
 * bundle already holds the union's code, and the discriminated one (with `z.partialRecord`
 * below) would add 1.6 KB (gzip) to every page a visitor opens.
 */
export const searchHitSchema = z.union([
  postHitSchema,
  filmHitSchema,
  replyHitSchema,
  newsHitSchema,
  userHitSchema,
  chatHitSchema,
]);
export type SearchHit = z.infer<typeof searchHitSchema>;
export type PostHit = z.infer<typeof postHitSchema>;
export type ReplyHit = z.infer<typeof replyHitSchema>;
export type NewsHit = z.infer<typeof newsHitSchema>;
export type UserHit = z.infer<typeof userHitSchema>;
export type ChatHit = z.infer<typeof chatHitSchema>;
export type FilmHit = z.infer<typeof filmHitSchema>;

/** How many results a category has; `capped` when there are more than `searchLimits.candidates`. */
export const searchCountSchema = z.object({ count: z.number().int(), capped: z.boolean() });
export type SearchCount = z.infer<typeof searchCountSchema>;

/**
 * Why a query found nothing although it was well formed: it held only common words ("the",
 * "and") that search leaves out, or the reader may not search that category (chat, for
 * visitors).
 */
export const searchNotices = ['only-common-words', 'sign-in-for-chat'] as const;

export const searchResponse = z.object({
  q: z.string(),
  category: z.enum(searchCategories),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** One count per category the reader may search (chat only for verified members). */
  counts: z.object({
    posts: searchCountSchema.optional(),
    films: searchCountSchema.optional(),
    replies: searchCountSchema.optional(),
    news: searchCountSchema.optional(),
    users: searchCountSchema.optional(),
    chat: searchCountSchema.optional(),
  }) satisfies z.ZodType<Partial<Record<SearchCategory, SearchCount>>>,
  items: z.array(searchHitSchema),
  notice: z.enum(searchNotices).nullable(),
});
export type SearchResult = z.infer<typeof searchResponse>;

export const quickSearchResponse = z.object({
  q: z.string(),
  groups: z.array(
    z.object({ category: z.enum(searchCategories), items: z.array(searchHitSchema) }),
  ),
  notice: z.enum(searchNotices).nullable(),
});
export type QuickSearchResult = z.infer<typeof quickSearchResponse>;

/**
 * GET /api/search/open/:category/:id: where a result lives now, or not-found when the reader
 * may no longer see it. `category` is free text so an unknown one answers not-found plainly.
 */
export const openResultParams = z
  .object({
    category: singleLineText().min(1).max(40),
    id: singleLineText().min(1).max(100),
  })
  .strict();
export const openResultResponse = z.object({ url: z.string() });

/** The page of one result: `/search/replies/42` opens reply 42 inside its thread. */
export const searchResultPath = (hit: Pick<SearchHit, 'kind' | 'id'>) =>
  `/search/${hit.kind}/${encodeURIComponent(String(hit.id))}`;

/**
 * Where a result's link goes: a film straight to its page (a film is public and its page
 * follows a merge itself), anything else through `searchResultPath`, which finds where it
 * lives now.
 */
export const searchHitPath = (hit: SearchHit): string =>
  hit.kind === 'films' ? hit.url : searchResultPath(hit);
