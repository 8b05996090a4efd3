import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthlyTotalsResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/admin/donations/months: received and refunded money per month, in the currency. */
export function getDonationMonths() {
  return apiFetch('/api/admin/donations/months', monthlyTotalsResponse);
}

export function donationMonthsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.donationMonths, queryFn: getDonationMonths });
}

export function useDonationMonths() {
  return useQuery(donationMonthsQueryOptions());
}
