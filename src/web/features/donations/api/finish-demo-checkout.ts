import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redirectResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/**
 * POST /api/donations/demo/:sessionId/pay: the test payment; answers the thank-you page. It
 * takes no address: the receipt goes to the member's verified one, or shows on that page.
 */
export async function payDemoCheckout({ sessionId }: { sessionId: string }) {
  const { url } = await apiFetch(
    `/api/donations/demo/${encodeURIComponent(sessionId)}/pay`,
    redirectResponse,
    { method: 'POST' },
  );
  return url;
}

/** POST /api/donations/demo/:sessionId/cancel: the donor changed their mind; answers /donations. */
export async function cancelDemoCheckout({ sessionId }: { sessionId: string }) {
  const { url } = await apiFetch(
    `/api/donations/demo/${encodeURIComponent(sessionId)}/cancel`,
    redirectResponse,
    { method: 'POST' },
  );
  return url;
}

export function usePayDemoCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payDemoCheckout,
    onSuccess: async (_, { sessionId }) => {
      queryClient.removeQueries({ queryKey: queryKeys.demoCheckout(sessionId) });
      // The payment shows on the wall and in the campaign's total.
      await queryClient.invalidateQueries({ queryKey: queryKeys.donationsPage });
    },
  });
}

export function useCancelDemoCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDemoCheckout,
    onSuccess: (_, { sessionId }) => {
      queryClient.removeQueries({ queryKey: queryKeys.demoCheckout(sessionId) });
    },
  });
}
