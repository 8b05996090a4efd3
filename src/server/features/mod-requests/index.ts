/**
 * What the app wires of members' requests to moderate (app.ts): no other feature uses it.
 */
export { registerModRequestRoutes } from './routes.js';
export { modRequestDecided } from './notify-events.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { createModRequestService } from './service.js';
export { latestRequestOf } from './repo.js';
