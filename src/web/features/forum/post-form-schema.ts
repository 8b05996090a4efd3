import { z } from 'zod';
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
});

export type PostFormValues = z.input<typeof postForm>;

export const emptyPost: PostFormValues = {
  title: '',
  body: '',
  categoryId: '',
  tags: [],
  filmTitle: '',
  rating: 0,
};

export function isReviewCategory(categories: readonly Category[], categoryId: string): boolean {
  return categories.some(
    (category) => String(category.id) === categoryId && showsRatings(category.slug),
  );
}

/** What the API takes; the film and rating travel only with reviews. */
export function toPostBody(values: PostFormValues, isReview: boolean): CreatePostBody {
  return {
    title: values.title.trim(),
    body: values.body,
    categoryId: Number(values.categoryId),
    tags: values.tags,
    filmTitle: isReview && values.filmTitle.trim() !== '' ? values.filmTitle.trim() : null,
    rating: isReview && values.rating > 0 ? values.rating : null,
  };
}

export function fromPost(post: PostDetail): PostFormValues {
  return {
    title: post.title,
    body: post.bodySource,
    categoryId: String(post.category.id),
    tags: post.tags,
    filmTitle: post.filmTitle ?? '',
    rating: post.rating ?? 0,
  };
}
