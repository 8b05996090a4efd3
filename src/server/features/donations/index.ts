/** What other features read of donations: the supporter mark and the dashboard's totals. */
export { donationTotals, supporterSql } from './repo.js';
