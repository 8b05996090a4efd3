import { queryOptions, useQuery } from '@tanstack/react-query';
import { donationsPageResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/donations: the currency, test mode, the campaign and the donor wall. */
export function getDonationsPage() {
  return apiFetch('/api/donations', donationsPageResponse);
}

export function donationsPageQueryOptions() {
  return queryOptions({ queryKey: queryKeys.donationsPage, queryFn: getDonationsPage });
}

export function useDonationsPage() {
  return useQuery(donationsPageQueryOptions());
}
