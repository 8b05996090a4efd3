import { queryOptions, useQuery } from '@tanstack/react-query';
import { donationStatusResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** How often the thank-you page asks again while the provider has not confirmed the money. */
export const STATUS_POLL_MS = 2_000;

/**
 * GET /api/donations/status: the donation of a checkout this browser started. Another
 * browser's session id answers not-found, so a shared link tells nothing.
 */
export function getDonationStatus(sessionId: string) {
  return apiFetch(
    `/api/donations/status?session_id=${encodeURIComponent(sessionId)}`,
    donationStatusResponse,
  );
}

export function donationStatusQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.donationStatus(sessionId),
    queryFn: () => getDonationStatus(sessionId),
    refetchInterval: (query) => (query.state.data?.state === 'confirming' ? STATUS_POLL_MS : false),
  });
}

/** `null` (no session id in the address) fetches nothing. */
export function useDonationStatus(sessionId: string | null) {
  return useQuery({ ...donationStatusQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
