import { filmIdOf, filmPath } from '../../../shared/films.js';
import type { Db } from '../../platform/db/database.js';
import { filmById } from './repo.js';

/** The id of a film page's address (`/films/12-the-matrix`, `/films/12`), as the web reads it. */
const filmIdOfPath = (pathname: string) => filmIdOf(/^\/films\/([^/]+)\/?$/.exec(pathname)?.[1]);

/**
 * Where a film page's address should be, when it is not there: the film's own address (its id
 * and its title's words) when the words are wrong or missing, the survivor's for a film merged
 * away. Undefined for the film's own address, for a film that does not exist (its page is the
 * site's 404) and for any path that is not a film page.
 */
export async function canonicalFilmPath(db: Db, pathname: string): Promise<string | undefined> {
  const id = filmIdOfPath(pathname);
  if (id === null) return undefined;
  const film = await filmById(db, id);
  if (!film) return undefined;
  const url = filmPath({ id: Number(film.id), title: film.title });
  return url === pathname ? undefined : url;
}
