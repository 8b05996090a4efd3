import { z } from 'zod';
import { authorSchema, idSchema, ratingSchema } from './forum.js';
import { singleLineText, visibleMin } from './text.js';
import { mediaPathPattern } from './uploads.js';

export { filmIdOf, filmPath, filmSlug } from './film-address.js';

/**
 * The films' contract, shared by the server (validation, OpenAPI) and the web app: a film is
 * what reviews are of. Its figures count its visible reviews only.
 */
export const filmLimits = {
  titleMax: 200,
  directorMax: 120,
  firstYear: 1870,
  /** Films of the index on one page, and reviews on a film's page. */
  indexPageSize: 24,
  reviewsPageSize: 20,
  suggestions: 8,
  /** Pages a list goes to at most (a page number travels in the address). */
  pagesMax: 500,
  /** Ratings a film's weighted average assumes at the site's mean (see `weightedAverage`). */
  priorRatings: 5,
} as const;

/** The latest year a film may have: next year (films are announced before they come out). */
export const latestFilmYear = (now: Date = new Date()): number => now.getUTCFullYear() + 1;

export const filmYearSchema = z.coerce
  .number()
  .int('A year is a whole number')
  .min(filmLimits.firstYear, `A film's year is ${filmLimits.firstYear} or later`)
  .refine((year) => year <= latestFilmYear(), {
    message: 'A film’s year can be next year at the latest',
  });

export const filmTitleSchema = singleLineText()
  .trim()
  .check(...visibleMin(1, 'A film title cannot be empty'))
  .max(filmLimits.titleMax, `A film title can be at most ${filmLimits.titleMax} characters`);

const optionalText = (max: number, what: string) =>
  singleLineText()
    .trim()
    .max(max, `${what} can be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullish();

export const createFilmBody = z
  .object({
    title: filmTitleSchema,
    year: filmYearSchema,
    originalTitle: optionalText(filmLimits.titleMax, 'An original title'),
    director: optionalText(filmLimits.directorMax, 'A director'),
  })
  .strict();
export type CreateFilmBody = z.input<typeof createFilmBody>;

/** An edit by an experienced moderator or an admin; each field left out stays as it was. */
export const updateFilmBody = z
  .object({
    title: filmTitleSchema,
    year: filmYearSchema,
    originalTitle: optionalText(filmLimits.titleMax, 'An original title'),
    director: optionalText(filmLimits.directorMax, 'A director'),
    /** An image uploaded to this site (`/media/<id>.webp`), or null to take the poster away. */
    posterUrl: singleLineText()
      .regex(mediaPathPattern, 'Choose a poster image uploaded to this site')
      .nullable(),
  })
  .partial()
  .strict();
export type UpdateFilmBody = z.input<typeof updateFilmBody>;

export const mergeFilmBody = z.object({ intoId: idSchema }).strict();

/** The ratings 1 to 10, counted: `histogram[0]` is the number of 1/10 ratings. */
export const histogramSchema = z.array(z.number().int().min(0)).length(10);

export const filmSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Null for a film migrated from a review that named no year, until a moderator sets it. */
  year: z.number().int().nullable(),
  originalTitle: z.string().nullable(),
  director: z.string().nullable(),
  /** The poster's thumbnail and full image, or null. */
  poster: z.object({ url: z.string(), thumbnailUrl: z.string() }).nullable(),
  reviewCount: z.number().int(),
  /** The mean of its visible reviews' ratings to one decimal, null without any. */
  average: z.number().nullable(),
  url: z.string(),
  lastReviewedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type FilmSummary = z.infer<typeof filmSummarySchema>;

export const filmDetailSchema = filmSummarySchema.extend({
  histogram: histogramSchema,
  /** What the viewer may do: follow it (members), edit and merge it (experienced moderators, admins). */
  viewer: z.object({ canFollow: z.boolean(), following: z.boolean(), canEdit: z.boolean() }),
});
export type FilmDetail = z.infer<typeof filmDetailSchema>;

export const filmReviewSorts = ['newest', 'highest', 'lowest', 'liked'] as const;
export type FilmReviewSort = (typeof filmReviewSorts)[number];

export const filmReviewSchema = z.object({
  /** The review's thread. */
  id: z.number().int(),
  title: z.string(),
  rating: z.number().int(),
  excerpt: z.string(),
  author: authorSchema,
  reactionCount: z.number().int(),
  replyCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FilmReview = z.infer<typeof filmReviewSchema>;

const pageNumber = z.coerce.number().int().min(1).max(filmLimits.pagesMax).default(1);

export const filmPageQuery = z
  .object({ sort: z.enum(filmReviewSorts).default('newest'), page: pageNumber })
  .strict();
export type FilmPageQuery = z.input<typeof filmPageQuery>;

export const filmResponse = z.object({
  film: filmDetailSchema,
  reviews: z.object({
    items: z.array(filmReviewSchema),
    page: z.number().int(),
    pageCount: z.number().int(),
  }),
});
export type FilmResponse = z.infer<typeof filmResponse>;

/** Whether the member now follows the film (and hears of its new reviews). */
export const filmFollowResponse = z.object({ following: z.boolean() });
export type FilmFollowResponse = z.infer<typeof filmFollowResponse>;

export const filmIndexSorts = ['most-reviewed', 'best-rated', 'recent', 'title'] as const;
export type FilmIndexSort = (typeof filmIndexSorts)[number];

export const filmIndexQuery = z
  .object({
    sort: z.enum(filmIndexSorts).default('most-reviewed'),
    /** One year, or a decade given by its first year (1990 for the 1990s). */
    year: filmYearSchema.optional(),
    decade: z.coerce
      .number()
      .int()
      .min(filmLimits.firstYear)
      .max(2100)
      .refine((decade) => decade % 10 === 0, { message: 'A decade starts at a year ending in 0' })
      .optional(),
    q: singleLineText().trim().max(filmLimits.titleMax).optional(),
    page: pageNumber,
  })
  .strict();
export type FilmIndexQuery = z.input<typeof filmIndexQuery>;

export const filmIndexResponse = z.object({
  items: z.array(filmSummarySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type FilmIndex = z.infer<typeof filmIndexResponse>;

export const filmSuggestQuery = z
  .object({ q: singleLineText().trim().min(1).max(filmLimits.titleMax) })
  .strict();
export const filmSuggestResponse = z.object({
  items: z.array(
    filmSummarySchema.pick({ id: true, title: true, year: true, reviewCount: true, url: true }),
  ),
});
export type FilmSuggestion = z.infer<typeof filmSuggestResponse>['items'][number];

export const filmCreatedResponse = z.object({
  film: filmSummarySchema,
  /** False when a film of the same title and year was there already: that one is answered. */
  created: z.boolean(),
});

export const filmDuplicatesResponse = z.object({
  pairs: z.array(z.object({ a: filmSummarySchema, b: filmSummarySchema })),
});

/**
 * The best-rated order's weighted average (a Bayesian mean): the film's ratings plus
 * `priorRatings` ratings at the site's mean, so one 10/10 does not top the list.
 */
export function weightedAverage(
  film: { reviewCount: number; ratingSum: number },
  siteMean: number,
): number {
  const prior = filmLimits.priorRatings;
  return (film.ratingSum + prior * siteMean) / (film.reviewCount + prior);
}

/** A film's mean rating to one decimal, null without ratings. */
export function averageRating(film: { reviewCount: number; ratingSum: number }): number | null {
  return film.reviewCount === 0 ? null : Math.round((film.ratingSum / film.reviewCount) * 10) / 10;
}

export { ratingSchema };
