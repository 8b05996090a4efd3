/**
 * What the app wires of the browser's error reports (app.ts): no other feature uses it.
 */
export { registerClientErrorRoutes } from './routes.js';
