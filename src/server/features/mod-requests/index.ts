/**
 * What the app wires of members' requests to moderate (app.ts): no other feature uses it.
 */
export { registerModRequestRoutes } from './routes.js';
export { modRequestDecided } from './notify-events.js';
