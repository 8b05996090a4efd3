import {
  averageRating,
  filmPath,
  type FilmDetail,
  type FilmReview,
  type FilmSummary,
} from '../../../shared/films.js';
import { authorOfRow, iso, isoOrNull, presentAuthor } from '../../core/author.js';
import { plainExcerpt } from '../../markdown/excerpt.js';
import { mediaUrls } from '../uploads/index.js';
import type { FilmReviewRow, FilmRow } from './repo.js';

/** Film rows become API shapes here and nowhere else. */
export function presentFilm(row: FilmRow): FilmSummary {
  const id = Number(row.id);
  const figures = { reviewCount: Number(row.review_count), ratingSum: Number(row.rating_sum) };
  return {
    id,
    title: row.title,
    year: row.year === null ? null : Number(row.year),
    originalTitle: row.original_title,
    director: row.director,
    poster: row.poster_upload_id ? mediaUrls(row.poster_upload_id) : null,
    reviewCount: figures.reviewCount,
    average: averageRating(figures),
    url: filmPath({ id, title: row.title }),
    lastReviewedAt: isoOrNull(row.last_reviewed_at),
  };
}

export function presentFilmDetail(row: FilmRow, viewer: FilmDetail['viewer']): FilmDetail {
  return { ...presentFilm(row), histogram: row.histogram.map(Number), viewer };
}

export function presentFilmReview(row: FilmReviewRow): FilmReview {
  return {
    id: Number(row.id),
    title: row.title,
    rating: Number(row.rating),
    excerpt: plainExcerpt(row.body_start, 280),
    author: presentAuthor(authorOfRow(row)),
    reactionCount: Number(row.reaction_count),
    replyCount: Number(row.reply_count),
    createdAt: iso(row.created_at),
  };
}
