import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminDonationSchema } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface ModerateDonationMessageInput {
  id: number;
  hidden: boolean;
  reason: string;
}

/** PATCH /api/admin/donations/:id/message: hides a donor's message from the wall, or restores it. */
export async function moderateDonationMessage({
  id,
  hidden,
  reason,
}: ModerateDonationMessageInput) {
  const { donation } = await apiFetch(
    `/api/admin/donations/${id}/message`,
    z.object({ donation: adminDonationSchema }),
    { method: 'PATCH', body: JSON.stringify({ hidden, reason }) },
  );
  return donation;
}

export function useModerateDonationMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateDonationMessage,
    // The admin lists and the public wall both show the message.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminDonations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donationsPage }),
      ]),
  });
}
