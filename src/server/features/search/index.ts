/**
 * What the app wires of site search (app.ts): no other feature uses it.
 */
export { registerSearch } from './routes.js';
