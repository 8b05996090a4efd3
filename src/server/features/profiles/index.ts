/** What other features may use of profiles. */
export { readProfilePreview } from './social-preview.js';
export { publicProfilePages, publicProfilesInRange } from './discovery-repo.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerProfileRoutes } from './routes.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { createProfilesService } from './service.js';
export { findProfileById } from './repo.js';
