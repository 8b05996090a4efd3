/**
 * What the app wires of the moderation actions and the review queue (app.ts): no other feature uses it.
 */
export { registerModerationRoutes } from './routes.js';
