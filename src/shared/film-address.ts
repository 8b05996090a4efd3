/*
 * A film's address, apart from the films' contract (src/shared/films.ts) and its schemas: every
 * page's head reads it (a film page links its feed), so it carries no validation library.
 */

/** The part of a film's address after its id: the title's words, for people and search engines. */
export function filmSlug(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'film' : slug;
}

export const filmPath = (film: { id: number; title: string }): string =>
  `/films/${film.id}-${filmSlug(film.title)}`;

/**
 * The film id at the start of a film's address part (`12-the-matrix`, or a bare `12`), or null
 * when there is none (`the-matrix`): the words after it are for people and search engines.
 */
export function filmIdOf(idSlug: string | undefined): number | null {
  const id = /^(\d+)(?:-|$)/.exec(idSlug ?? '')?.[1];
  if (id === undefined) return null;
  const parsed = Number(id);
  return parsed > 0 && Number.isSafeInteger(parsed) ? parsed : null;
}
