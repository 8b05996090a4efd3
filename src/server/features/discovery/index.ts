/**
 * What the app wires of the sitemaps and feeds (app.ts): no other feature uses it.
 */
export { registerDiscoveryRoutes } from './routes.js';
