import type { AdminDonation, MonthlyGift } from '../../../shared/donations.js';
import type { AdminRow, MonthlyGiftRow } from './repo.js';

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** A donation as the admin list shows it. */
export function presentAdminDonation(row: AdminRow): AdminDonation {
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
    amount: Number(row.amount),
    amountRefunded: Number(row.amount_refunded),
    currency: row.currency,
    interval: row.interval,
    status: row.status,
    name: row.public_name ?? 'Anonymous',
    email: row.email,
    member:
      row.member_id && row.member_username
        ? { id: row.member_id, username: row.member_username, name: row.member_name ?? '' }
        : null,
    message: row.message,
    messageHidden: row.hidden,
    reference: row.provider_ref,
    subscriptionCancelled: row.cancelled,
  };
}

/** A monthly gift as its donor sees it: stopping once asked, ended once the provider says so. */
export function presentMonthlyGift(row: MonthlyGiftRow): MonthlyGift {
  return {
    id: row.id,
    amount: Number(row.amount),
    currency: row.currency,
    startedAt: iso(row.started_at),
    lastPaidAt: iso(row.last_paid_at),
    state: row.cancelled_at ? 'ended' : row.stop_requested_at ? 'stopping' : 'active',
    endedAt: iso(row.cancelled_at),
  };
}
