import { z } from 'zod';
import { filmSummarySchema, histogramSchema, ratingSchema } from './films.js';
import { roles } from './roles.js';
import { multiLineText, singleLineText, visibleMin } from './text.js';
import { mediaPathPattern } from './uploads.js';

export const profileLimits = { bioMax: 500, locationMax: 80, filmsMax: 10, filmMax: 200 } as const;

export const updateProfileDetailsBody = z
  .object({
    bio: multiLineText().trim().max(profileLimits.bioMax, 'Bio can be at most 500 characters'),
    location: singleLineText().trim().max(profileLimits.locationMax),
    favouriteFilms: z
      .array(
        singleLineText()
          .trim()
          .check(...visibleMin(1, 'A favourite film cannot be empty'))
          .max(profileLimits.filmMax),
      )
      .max(profileLimits.filmsMax, `At most ${profileLimits.filmsMax} films`),
    /** An avatar the user uploaded (`/media/…webp`), or null to remove it. */
    avatarUrl: singleLineText().regex(mediaPathPattern, 'Choose an image you uploaded').nullable(),
  })
  .partial()
  .strict();

export const publicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: z.enum(roles).nullable(),
  bio: z.string(),
  location: z.string(),
  favouriteFilms: z.array(z.string()),
  joinedAt: z.iso.datetime({ offset: true }),
  /** Blocked accounts' profiles say so (no reason: that is between the user and the moderators). */
  blocked: z.boolean(),
  counts: z.object({ posts: z.number().int(), replies: z.number().int() }),
  /** Has given to the community under their name (a donation received and not refunded). */
  supporter: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export const publicProfileResponse = z.object({ profile: publicProfileSchema });
export const profileDetailsResponse = z.object({
  profile: publicProfileSchema,
});

/**
 * A member's reviews on their profile: a diary, newest first, and how they rate. A review is a
 * thread in Reviews with a film and a rating; only visible ones (neither hidden nor deleted)
 * are listed and counted, as a film's figures count them.
 */
export const profileReviewLimits = {
  pageSize: 20,
  /** Pages the diary goes to at most (a page number travels in the address). */
  pagesMax: 500,
} as const;

export const profileReviewsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(profileReviewLimits.pagesMax).default(1),
  })
  .strict();
export type ProfileReviewsQuery = z.input<typeof profileReviewsQuery>;

export const profileReviewSchema = z.object({
  /** The review's thread: `/forum/post/{id}`. */
  id: z.number().int(),
  title: z.string(),
  rating: ratingSchema,
  createdAt: z.iso.datetime({ offset: true }),
  film: filmSummarySchema.pick({ id: true, title: true, year: true, url: true }),
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;

export const profileReviewsResponse = z.object({
  items: z.array(profileReviewSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** The member's visible reviews by rating: `spread[0]` is how many they rated 1/10. */
  spread: histogramSchema,
});
export type ProfileReviews = z.infer<typeof profileReviewsResponse>;
