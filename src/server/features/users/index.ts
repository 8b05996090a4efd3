/** What other features may use of members: the history a moderator sees beside their content. */
export { memberCounts } from './member-history-sql.js';
export { presentMemberHistory } from './presenter.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerUserRoutes } from './routes.js';
