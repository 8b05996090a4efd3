/** What other features read of donations: the supporter mark and the dashboard's totals. */
export { donationTotals, supporterSql } from './repo.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerDonations } from './routes.js';
