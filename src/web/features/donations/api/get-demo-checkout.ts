import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoCheckoutResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/donations/demo/:sessionId: the test-mode checkout's amount, donor and state. */
export function getDemoCheckout(sessionId: string) {
  return apiFetch(`/api/donations/demo/${encodeURIComponent(sessionId)}`, demoCheckoutResponse);
}

export function demoCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.demoCheckout(sessionId),
    queryFn: () => getDemoCheckout(sessionId),
  });
}

/** `null` (an address that holds no session id) fetches nothing. */
export function useDemoCheckout(sessionId: string | null) {
  return useQuery({ ...demoCheckoutQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
