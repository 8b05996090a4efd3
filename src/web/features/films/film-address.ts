import { idSchema } from '../../../shared/forum';

/**
 * The film id at the start of a film's address (`12-the-matrix`, or a bare `12`), or null when
 * there is none (`/films/the-matrix`): the words after it are for people and search engines.
 */
export function parseFilmParam(param: string | undefined): number | null {
  const id = /^(\d+)(?:-|$)/.exec(param ?? '')?.[1];
  if (id === undefined) return null;
  const parsed = idSchema.safeParse(id);
  return parsed.success ? parsed.data : null;
}
