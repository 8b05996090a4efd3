/**
 * What the app wires of the moderation actions and the review queue (app.ts): no other feature uses it.
 */
export { registerModerationRoutes } from './routes.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { myReports } from './my-reports.js';
export { createModerationActions } from './service.js';
