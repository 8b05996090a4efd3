/** What other features may use of the audit log: its entries, filtered. */
export { listAudit } from './service.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerAuditRoutes } from './routes.js';
