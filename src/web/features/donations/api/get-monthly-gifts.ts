import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthlyGiftsResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** How often the list asks again while a gift is stopping (the provider's event is due). */
export const STOPPING_POLL_MS = 3_000;

/** GET /api/donations/monthly: the signed-in member's monthly gifts, the newest first. */
export function getMonthlyGifts() {
  return apiFetch('/api/donations/monthly', monthlyGiftsResponse);
}

export function monthlyGiftsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.monthlyGifts,
    queryFn: getMonthlyGifts,
    refetchInterval: (query) =>
      query.state.data?.gifts.some((gift) => gift.state === 'stopping') ? STOPPING_POLL_MS : false,
  });
}

export function useMonthlyGifts() {
  return useQuery(monthlyGiftsQueryOptions());
}
