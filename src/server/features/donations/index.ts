/** What other features read of donations: the supporter mark and the dashboard's totals. */
export { donationTotals, supporterSql } from './repo.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerDonations } from './routes.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { presentAdminDonation } from './presenter.js';
export { demoEvents } from './demo-events.js';
export {
  createDonationService,
  hashBrowserToken,
  newBrowserToken,
  type DonationService,
} from './service.js';
export {
  adminDonations,
  campaignProgress,
  checkoutBySession,
  monthlyTotals,
  readCampaign,
  wall,
} from './repo.js';
