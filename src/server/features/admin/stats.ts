import type { AdminStats } from '../../../shared/admin-stats.js';
import type { Db } from '../../platform/db/database.js';
import { dashboardCounts } from './repo.js';
import { donationTotals } from '../donations/index.js';
import type { DonationCurrency } from '../../../shared/donations.js';

/** The dashboard's tiles: the site's counts (repo.ts) and the donations' totals. */
export async function readAdminStats(db: Db, currency: DonationCurrency): Promise<AdminStats> {
  const row = await dashboardCounts(db);
  const donations = await donationTotals(db, currency);
  return {
    users: Number(row.users),
    newUsersThisWeek: Number(row.new_users_this_week),
    posts: Number(row.posts),
    comments: Number(row.comments),
    openReports: Number(row.open_reports),
    pendingModRequests: Number(row.pending_mod_requests),
    // The dashboard hides the tile until the first donation.
    donations,
  };
}
