import { z } from 'zod';
import {
  createNewsBody,
  newsCoverSchema,
  newsStatuses,
  type CreateNewsBody,
  type NewsArticle,
  type UpdateNewsBody,
} from '../../../shared/news';

/**
 * The editor's fields: the shared rules for title, summary and body, and the cross-field
 * rules (alt text for a cover, a future time for a scheduled article) checked here before
 * the server checks them again.
 */
export const newsForm = z
  .object({
    title: createNewsBody.shape.title,
    summary: createNewsBody.shape.summary,
    body: createNewsBody.shape.body,
    coverUrl: z.string(),
    /** Only for the editor's preview; the server derives it from the cover. */
    coverThumbnailUrl: z.string(),
    coverAlt: z.string(),
    status: z.enum(newsStatuses),
    /** A datetime-local value (the writer's local time), used when scheduled. */
    publishAt: z.string(),
    featured: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.coverUrl !== '') {
      const alt = newsCoverSchema.shape.alt.safeParse(values.coverAlt);
      if (!alt.success) {
        context.addIssue({
          code: 'custom',
          path: ['coverAlt'],
          message: alt.error.issues[0]?.message ?? 'Describe the cover image',
        });
      }
    }
    if (values.status === 'scheduled') {
      const time = Date.parse(values.publishAt);
      if (values.publishAt === '' || Number.isNaN(time)) {
        context.addIssue({
          code: 'custom',
          path: ['publishAt'],
          message: 'Pick when the article goes out',
        });
      } else if (time <= Date.now()) {
        context.addIssue({
          code: 'custom',
          path: ['publishAt'],
          message: 'Pick a time in the future, or publish now',
        });
      }
    }
  });

export type NewsFormValues = z.input<typeof newsForm>;

export const emptyNewsForm: NewsFormValues = {
  title: '',
  summary: '',
  body: '',
  coverUrl: '',
  coverThumbnailUrl: '',
  coverAlt: '',
  status: 'draft',
  publishAt: '',
  featured: false,
};

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local value in the writer's time zone ("2030-05-01T10:30"). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromArticle(article: NewsArticle): NewsFormValues {
  return {
    title: article.title,
    summary: article.summary,
    body: article.bodySource,
    coverUrl: article.cover?.url ?? '',
    coverThumbnailUrl: article.cover?.thumbnailUrl ?? '',
    coverAlt: article.cover?.alt ?? '',
    status: article.status,
    publishAt:
      article.status === 'scheduled' && article.publishAt ? toLocalInput(article.publishAt) : '',
    featured: article.featured,
  };
}

/** What the API takes. The publish time goes only with 'scheduled': the server sets it on publish. */
export function toNewsBody(values: NewsFormValues): CreateNewsBody {
  return {
    title: values.title.trim(),
    summary: values.summary.trim(),
    body: values.body,
    cover: values.coverUrl === '' ? null : { url: values.coverUrl, alt: values.coverAlt.trim() },
    status: values.status,
    publishAt: values.status === 'scheduled' ? new Date(values.publishAt).toISOString() : null,
    featured: values.featured,
  };
}

/** An edit sends every field but leaves the publish time alone unless it is being scheduled. */
export function toNewsChanges(values: NewsFormValues): UpdateNewsBody {
  const { publishAt, ...rest } = toNewsBody(values);
  return values.status === 'scheduled' ? { ...rest, publishAt } : rest;
}
