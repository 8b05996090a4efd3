import { z } from 'zod';
import { createFilmBody, filmYearSchema, type CreateFilmBody } from '../../../shared/films';

/**
 * The "Add a film" form: the shared rules for each field, with the inputs' own shapes (an
 * empty NumberInput is '', an empty director '').
 */
export const addFilmForm = z.object({
  title: createFilmBody.shape.title,
  year: z.union([z.number(), z.literal('')]).superRefine((year, context) => {
    const checked = filmYearSchema.safeParse(year);
    if (year === '' || !checked.success) {
      const message =
        year === '' ? 'Enter the year the film came out' : checked.error?.issues[0]?.message;
      context.addIssue({ code: 'custom', message: message ?? 'Enter the year the film came out' });
    }
  }),
  director: z.string(),
});
export type AddFilmValues = z.input<typeof addFilmForm>;

export function toCreateFilmBody(values: AddFilmValues): CreateFilmBody {
  const director = values.director.trim();
  return {
    title: values.title.trim(),
    year: Number(values.year),
    ...(director === '' ? {} : { director }),
  };
}
