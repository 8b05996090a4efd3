/** The film id of a film page's address part: the rule is the shared one (src/shared/films.ts). */
export { filmIdOf as parseFilmParam } from '../../../shared/films';
