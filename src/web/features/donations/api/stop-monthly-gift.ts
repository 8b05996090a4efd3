import { useMutation, useQueryClient } from '@tanstack/react-query';
import { monthlyGiftResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/**
 * POST /api/donations/monthly/:id/stop: the member stops one of their monthly gifts; answers
 * it ended, or stopping until the payment provider confirms.
 */
export async function stopMonthlyGift(id: string) {
  const { gift } = await apiFetch(
    `/api/donations/monthly/${encodeURIComponent(id)}/stop`,
    monthlyGiftResponse,
    { method: 'POST' },
  );
  return gift;
}

export function useStopMonthlyGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopMonthlyGift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.monthlyGifts }),
  });
}
