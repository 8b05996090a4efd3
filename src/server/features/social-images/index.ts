/**
 * What the app wires of the pages' preview images (app.ts): no other feature uses it.
 */
export { registerSocialImageRoutes } from './routes.js';
