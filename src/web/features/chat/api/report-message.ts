import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ReportBody } from '../../../../shared/reports';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface ReportMessageInput {
  messageId: number;
  report: ReportBody;
}

/** POST /api/chat/messages/:id/reports: stored for the moderators' review queue. */
export async function reportMessage({ messageId, report }: ReportMessageInput): Promise<void> {
  await apiFetch(`/api/chat/messages/${messageId}/reports`, z.unknown(), {
    method: 'POST',
    body: JSON.stringify(report),
  });
}

/** The reporter's own list of reports (on /user-profile) may gain the new one. */
export function useReportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myReports }),
  });
}
