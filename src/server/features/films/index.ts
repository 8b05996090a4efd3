/**
 * What other features may use of films: the film a review belongs to (the forum asks it inside
 * the review's transaction) and the event it records then for the film's followers, and what
 * films ask of the forum in return.
 */
export type { FilmReviewLinks, FilmService } from './service.js';
export { filmReviewed } from './notify-events.js';
// What is public, for the sitemaps and feeds; a film's preview image; a film page's own address.
export { canonicalFilmPath } from './address.js';
export { publicFilmPages, publicFilmsInRange } from './discovery-repo.js';
export { readFilmFeed, type FilmFeed, type FilmFeedReview } from './review-feed.js';
export { readFilmPreview, type FilmPreview } from './social-preview.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerFilms } from './films.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { createFilmService } from './service.js';
