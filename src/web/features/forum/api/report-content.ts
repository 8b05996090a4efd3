import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ReportBody } from '../../../../shared/reports';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type ReportTarget = { kind: 'post'; id: number } | { kind: 'comment'; id: number };

export interface ReportInput {
  target: ReportTarget;
  report: ReportBody;
}

/** POST /api/forum/{posts|comments}/:id/report: stored for the moderators' review queue. */
export async function reportContent({ target, report }: ReportInput) {
  const collection = target.kind === 'post' ? 'posts' : 'comments';
  await apiFetch(`/api/forum/${collection}/${target.id}/report`, z.unknown(), {
    method: 'POST',
    body: JSON.stringify(report),
  });
}

/** The reporter's own list of reports (on /user-profile) gains the new one. */
export function useReportContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myReports }),
  });
}
