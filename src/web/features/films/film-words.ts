import type { FilmSummary } from '../../../shared/films';

/** "Solaris (1972)"; a film migrated without a year is its title alone. */
export function filmLabel(film: Pick<FilmSummary, 'title' | 'year'>): string {
  return film.year === null ? film.title : `${film.title} (${film.year})`;
}

export function countOf(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

/** "7.4 · 23 ratings", or "No ratings yet". */
export function ratingLine(film: Pick<FilmSummary, 'average' | 'reviewCount'>): string {
  if (film.average === null || film.reviewCount === 0) return 'No ratings yet';
  return `${film.average.toFixed(1)} · ${countOf(film.reviewCount, 'rating', 'ratings')}`;
}
