import {
  filmPath,
  type FilmDetail,
  type FilmResponse,
  type FilmReview,
  type FilmSummary,
} from '../../../shared/films';
import { buildAuthor } from '../../test/factories';

/*
 * Tests only: the films API's answers, shaped as src/shared/films.ts describes them. They
 * belong in test/factories.ts with the other builders, and move there with the films' routes.
 */

export function buildFilm(overrides: Partial<FilmSummary> = {}): FilmSummary {
  const film = {
    id: 12,
    title: 'Solaris',
    year: 1972,
    originalTitle: 'Солярис',
    director: 'Andrei Tarkovsky',
    poster: null,
    reviewCount: 23,
    average: 7.4,
    lastReviewedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
  return { url: filmPath(film), ...film };
}

export function buildFilmDetail(overrides: Partial<FilmDetail> = {}): FilmDetail {
  return {
    ...buildFilm(overrides),
    histogram: [0, 0, 1, 0, 2, 3, 4, 5, 5, 3],
    viewer: { canFollow: false, following: false, canEdit: false },
    ...overrides,
  };
}

export function buildFilmReview(id: number, overrides: Partial<FilmReview> = {}): FilmReview {
  return {
    id,
    title: `Review number ${id}`,
    rating: 8,
    excerpt: 'The ocean remembers what we forget.',
    author: buildAuthor(),
    reactionCount: 3,
    replyCount: 1,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/films/:id's answer: the film and one page of its reviews. */
export function filmAnswer(
  film: FilmDetail,
  reviews: FilmReview[],
  page = { page: 1, pageCount: 1 },
): FilmResponse {
  return { film, reviews: { items: reviews, ...page } };
}
