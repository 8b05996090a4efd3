import { describe, expect, it } from 'vitest';
import { buildAuthor } from '../../test/factories';
import { buildFilmDetail, buildFilmReview } from './film-test-data';
import { filmStructuredData } from './structured-data';

const origin = 'https://viewpoint.test';

describe("a film page's structured data", () => {
  it('is a Movie with its readers’ aggregate rating', () => {
    const [movie] = filmStructuredData(buildFilmDetail(), origin);
    expect(movie).toMatchObject({
      '@type': 'Movie',
      url: `${origin}/films/12-solaris`,
      name: 'Solaris',
      dateCreated: '1972',
      aggregateRating: { ratingValue: 7.4, ratingCount: 23, bestRating: 10, worstRating: 1 },
    });
    expect(movie).not.toHaveProperty('review');
  });

  it('holds each review on the page as a Review out of ten, linking its thread and author', () => {
    const reviews = [
      buildFilmReview(41, {
        title: 'The ocean remembers',
        rating: 9,
        createdAt: '2025-03-02T08:00:00.000Z',
        author: buildAuthor({ name: 'Anna K', username: 'anna k' }),
      }),
      buildFilmReview(42, {
        rating: 1,
        author: buildAuthor({ name: 'deleted user', username: null }),
      }),
    ];
    const [movie] = filmStructuredData(buildFilmDetail(), origin, reviews);
    expect((movie as { review: unknown }).review).toEqual([
      {
        '@type': 'Review',
        url: `${origin}/forum/post/41`,
        name: 'The ocean remembers',
        author: { '@type': 'Person', name: 'Anna K', url: `${origin}/u/anna%20k` },
        datePublished: '2025-03-02T08:00:00.000Z',
        reviewRating: { '@type': 'Rating', ratingValue: 9, bestRating: 10, worstRating: 1 },
      },
      {
        '@type': 'Review',
        url: `${origin}/forum/post/42`,
        name: 'Review number 42',
        author: { '@type': 'Person', name: 'deleted user' },
        datePublished: '2025-03-01T10:00:00.000Z',
        reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 10, worstRating: 1 },
      },
    ]);
  });
});
