/**
 * What the app wires of the admin dashboard and the Status page (app.ts): no other feature uses it.
 */
export { registerAdminRoutes } from './routes.js';
