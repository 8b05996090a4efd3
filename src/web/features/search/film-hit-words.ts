import type { FilmHit } from '../../../shared/search';

/** "Solaris (1972)"; a film without a known year is its title alone. */
export function filmLabel(film: Pick<FilmHit, 'title' | 'year'>): string {
  return film.year === null ? film.title : `${film.title} (${film.year})`;
}

/** "Average 8.3 · 3 reviews", or "No reviews yet". */
export function filmRatingLine(film: Pick<FilmHit, 'average' | 'reviewCount'>): string {
  if (film.average === null || film.reviewCount === 0) return 'No reviews yet';
  const reviews = `${film.reviewCount} ${film.reviewCount === 1 ? 'review' : 'reviews'}`;
  return `Average ${film.average.toFixed(1)} · ${reviews}`;
}
