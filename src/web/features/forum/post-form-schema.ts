import { z } from 'zod';
import { filmSummarySchema } from '../../../shared/films';
import {
  createPostBody,
  forumLimits,
  postBodySchema,
  postTitleSchema,
  showsRatings,
  type Category,
  type CreatePostBody,
  type PostDetail,
} from '../../../shared/forum';

/** A film as the review form keeps it (and its draft): enough to show it and send its id. */
export const filmChoiceSchema = filmSummarySchema.pick({ id: true, title: true, year: true });

/**
 * The thread form: the shared rules for title, body and tags, with the inputs' own shapes for
 * the rest (a Select holds the category id as a string, an empty Rating is 0).
 */
export const postForm = z.object({
  title: postTitleSchema,
  body: postBodySchema,
  categoryId: z.string().min(1, 'Choose a category'),
  tags: createPostBody.shape.tags,
  filmTitle: z
    .string()
    .trim()
    .max(
      forumLimits.filmTitleMax,
      `Film title can be at most ${forumLimits.filmTitleMax} characters`,
    ),
  rating: z.number().int().min(0).max(10),
  /** The film chosen in the picker; `filmTitle` is then its title, or what was typed. */
  film: filmChoiceSchema.nullable(),
});

export type PostFormValues = z.input<typeof postForm>;

export const emptyPost: PostFormValues = {
  title: '',
  body: '',
  categoryId: '',
  tags: [],
  filmTitle: '',
  rating: 0,
  film: null,
};

export function isReviewCategory(categories: readonly Category[], categoryId: string): boolean {
  return categories.some(
    (category) => String(category.id) === categoryId && showsRatings(category.slug),
  );
}

/** A review needs its film (chosen, or an old review's title as typed) and a rating. */
export function reviewErrors(values: PostFormValues, isReview: boolean): Record<string, string> {
  if (!isReview) return {};
  const errors: Record<string, string> = {};
  if (values.film === null && values.filmTitle.trim() === '') {
    errors.film = 'Choose the film this review is about';
  }
  if (values.rating === 0) errors.rating = 'Rate the film from 1 to 10';
  return errors;
}

/**
 * What the API takes. The film and rating travel only with reviews: a chosen film by its id, an
 * old review's film by the title typed (the API takes both).
 */
export type PostBody = CreatePostBody & { filmId?: number | null };

export function toPostBody(values: PostFormValues, isReview: boolean): PostBody {
  const filmTitle = isReview && values.filmTitle.trim() !== '' ? values.filmTitle.trim() : null;
  return {
    title: values.title.trim(),
    body: values.body,
    categoryId: Number(values.categoryId),
    tags: values.tags,
    ...(isReview && values.film ? { filmId: values.film.id } : { filmTitle }),
    rating: isReview && values.rating > 0 ? values.rating : null,
  };
}

/**
 * The film a thread names, as the API sends it; an older answer carries only `filmTitle`, and
 * one without the film's year shows the title alone.
 */
type WithFilm = PostDetail & { film?: { id: number; title: string; year?: number | null } | null };

export function fromPost(post: WithFilm): PostFormValues {
  const film = post.film
    ? { id: post.film.id, title: post.film.title, year: post.film.year ?? null }
    : null;
  return {
    title: post.title,
    body: post.bodySource,
    categoryId: String(post.category.id),
    tags: post.tags,
    filmTitle: film?.title ?? post.filmTitle ?? '',
    rating: post.rating ?? 0,
    film,
  };
}
