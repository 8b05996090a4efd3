import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { monthlyGiftResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

const linkQuery = (token: string) => new URLSearchParams({ token }).toString();

/** GET /api/donations/monthly/link?token=: the monthly gift a receipt's stop link names. */
export function getMonthlyGiftLink(token: string) {
  return apiFetch(`/api/donations/monthly/link?${linkQuery(token)}`, monthlyGiftResponse);
}

export function monthlyGiftLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.monthlyGiftLink(token),
    queryFn: () => getMonthlyGiftLink(token),
  });
}

/** Reads nothing without a token: the link was cut short, and the page says so. */
export function useMonthlyGiftLink(token: string | null) {
  return useQuery({ ...monthlyGiftLinkQueryOptions(token ?? ''), enabled: token !== null });
}

/** POST /api/donations/monthly/link/stop?token=: stops the gift the link names. */
export function stopMonthlyGiftByLink(token: string) {
  return apiFetch(`/api/donations/monthly/link/stop?${linkQuery(token)}`, monthlyGiftResponse, {
    method: 'POST',
  });
}

export function useStopMonthlyGiftByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopMonthlyGiftByLink(token),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.monthlyGiftLink(token), answer);
      // A signed-in donor's account lists it too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.monthlyGifts });
    },
  });
}
