import { averageRating } from '../../../shared/films.js';
import type { Db } from '../../platform/db/database.js';
import { filmById } from './repo.js';

/** What a film's social preview image shows. */
export interface FilmPreview {
  title: string;
  year: number | null;
  director: string | null;
  reviewCount: number;
  /** The mean rating to one decimal, null without reviews. */
  average: number | null;
  /** Visible ratings counted from 1/10 to 10/10. */
  histogram: number[];
}

/** A film as any visitor sees it (the survivor, for one merged away), or undefined. */
export async function readFilmPreview(db: Db, id: number): Promise<FilmPreview | undefined> {
  const row = await filmById(db, id);
  if (!row) return undefined;
  const figures = { reviewCount: Number(row.review_count), ratingSum: Number(row.rating_sum) };
  return {
    title: row.title,
    year: row.year === null ? null : Number(row.year),
    director: row.director,
    reviewCount: figures.reviewCount,
    average: averageRating(figures),
    histogram: row.histogram.map(Number),
  };
}
