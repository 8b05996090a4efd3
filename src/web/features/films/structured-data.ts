import type { FilmDetail, FilmReview } from '../../../shared/films';

/** A review on the film's page as a schema.org `Review` of the film (nested in its `Movie`). */
function reviewOf(review: FilmReview, origin: string) {
  const { author } = review;
  return {
    '@type': 'Review',
    url: `${origin}/forum/post/${review.id}`,
    name: review.title,
    author: {
      '@type': 'Person',
      name: author.name,
      ...(author.username ? { url: `${origin}/u/${encodeURIComponent(author.username)}` } : {}),
    },
    datePublished: review.createdAt,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 10, worstRating: 1 },
  };
}

/**
 * schema.org for a film's page: a `Movie`, with its readers' ratings once it has some and the
 * reviews the page shows.
 */
export function filmStructuredData(
  film: FilmDetail,
  origin: string,
  reviews: readonly FilmReview[] = [],
): object[] {
  const url = `${origin}${film.url}`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Movie',
      '@id': url,
      url,
      name: film.title,
      ...(film.year === null ? {} : { dateCreated: String(film.year) }),
      ...(film.originalTitle ? { alternateName: film.originalTitle } : {}),
      ...(film.director ? { director: { '@type': 'Person', name: film.director } } : {}),
      ...(film.poster ? { image: `${origin}${film.poster.url}` } : {}),
      ...(film.average !== null && film.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: film.average,
              ratingCount: film.reviewCount,
              bestRating: 10,
              worstRating: 1,
            },
          }
        : {}),
      ...(reviews.length > 0 ? { review: reviews.map((review) => reviewOf(review, origin)) } : {}),
    },
  ];
}

/** "Solaris (1972) — reviews", and a description from its figures. */
export function filmHead(film: FilmDetail) {
  const name = film.year === null ? film.title : `${film.title} (${film.year})`;
  const figures =
    film.average !== null && film.reviewCount > 0
      ? `rated ${film.average.toFixed(1)} out of 10 by ${film.reviewCount} ${film.reviewCount === 1 ? 'reviewer' : 'reviewers'}`
      : 'not rated yet';
  return {
    title: `${name} — reviews`,
    description: `Reviews of ${name}${film.director ? `, directed by ${film.director}` : ''}: ${figures}.`,
  };
}
