import { z } from 'zod';
import {
  filmTitleSchema,
  filmYearSchema,
  updateFilmBody,
  type FilmDetail,
  type UpdateFilmBody,
} from '../../../shared/films';

export interface EditFilmValues {
  title: string;
  /** An empty NumberInput is ''. */
  year: number | '';
  originalTitle: string;
  director: string;
  /** The poster's image and thumbnail; '' for none. */
  posterUrl: string;
  posterThumbnailUrl: string;
}

/**
 * The "Edit film" form: the shared rules for each field. The year may stay empty only on a film
 * that never had one (migrated from a review that named none).
 */
export function editFilmForm(hadYear: boolean) {
  return z.object({
    title: filmTitleSchema,
    year: z.union([z.number(), z.literal('')]).superRefine((year, context) => {
      if (year === '') {
        if (hadYear)
          context.addIssue({ code: 'custom', message: 'Enter the year the film came out' });
        return;
      }
      const checked = filmYearSchema.safeParse(year);
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? 'Enter the year the film came out';
        context.addIssue({ code: 'custom', message });
      }
    }),
    originalTitle: updateFilmBody.shape.originalTitle,
    director: updateFilmBody.shape.director,
    posterUrl: z.string(),
    posterThumbnailUrl: z.string(),
  });
}

export function editFilmValues(film: FilmDetail): EditFilmValues {
  return {
    title: film.title,
    year: film.year ?? '',
    originalTitle: film.originalTitle ?? '',
    director: film.director ?? '',
    posterUrl: film.poster?.url ?? '',
    posterThumbnailUrl: film.poster?.thumbnailUrl ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Only what was changed: a field left as it was is not sent, so it stays as it is. */
export function toUpdateFilmBody(before: EditFilmValues, after: EditFilmValues): UpdateFilmBody {
  const changes: UpdateFilmBody = {};
  if (after.title.trim() !== before.title) changes.title = after.title.trim();
  if (after.year !== '' && after.year !== before.year) changes.year = after.year;
  if (orNull(after.originalTitle) !== orNull(before.originalTitle)) {
    changes.originalTitle = orNull(after.originalTitle);
  }
  if (orNull(after.director) !== orNull(before.director)) changes.director = orNull(after.director);
  if (after.posterUrl !== before.posterUrl) changes.posterUrl = orNull(after.posterUrl);
  return changes;
}
