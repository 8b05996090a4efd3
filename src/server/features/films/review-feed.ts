import { filmPath } from '../../../shared/films.js';
import { authorOfRow, type AuthorFields } from '../../core/author.js';
import type { Db } from '../../platform/db/database.js';
import { newestFilmReviews } from './discovery-repo.js';
import { filmById } from './repo.js';

/** A review as a film's feed lists it. */
export interface FilmFeedReview {
  /** The review's thread. */
  id: number;
  title: string;
  rating: number;
  bodyHtml: string;
  createdAt: Date;
  /** Written or last edited. */
  updatedAt: Date;
  author: AuthorFields;
}

export type FilmFeed =
  | {
      kind: 'film';
      film: { id: number; title: string; year: number | null; url: string };
      reviews: FilmFeedReview[];
    }
  /** A film merged away: its feed is the survivor's. */
  | { kind: 'merged'; intoId: number };

/** Reviews a film's feed carries. */
export const filmFeedLength = 20;

/** A film's newest visible reviews for its feed; undefined for a film that does not exist. */
export async function readFilmFeed(db: Db, id: number): Promise<FilmFeed | undefined> {
  const film = await filmById(db, id);
  if (!film) return undefined;
  const filmId = Number(film.id);
  if (filmId !== id) return { kind: 'merged', intoId: filmId };
  const rows = await newestFilmReviews(db, filmId, filmFeedLength);
  return {
    kind: 'film',
    film: {
      id: filmId,
      title: film.title,
      year: film.year === null ? null : Number(film.year),
      url: filmPath({ id: filmId, title: film.title }),
    },
    reviews: rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      rating: Number(row.rating),
      bodyHtml: row.body_html,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      author: authorOfRow(row),
    })),
  };
}
