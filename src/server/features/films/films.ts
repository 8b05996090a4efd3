import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { registerFilmRoutes } from './routes.js';
import { createFilmService, type FilmReviewLinks } from './service.js';

/** Films (decision 058): what reviews are of, with their figures, pages and moderation. */
export function registerFilms(app: FastifyInstance, options: { db: Db; reviews: FilmReviewLinks }) {
  const films = createFilmService(options.db, options.reviews);
  registerFilmRoutes(app, films);
  return films;
}
