import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ReportBody } from '../../../../shared/moderation';
import { apiFetch } from '../../../api/api-client';

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

/** Nothing the reporter has cached shows reports, so there is nothing to invalidate. */
export function useReportContent() {
  return useMutation({ mutationFn: reportContent });
}
