/**
 * What other features may use of films: the film a review belongs to (the forum asks it inside
 * the review's transaction), and what films ask of the forum in return.
 */
export type { FilmReviewLinks, FilmService } from './service.js';
