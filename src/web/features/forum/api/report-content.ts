import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../api/api-client';

export type ReportTarget = { kind: 'post'; id: number } | { kind: 'comment'; id: number };

export interface ReportInput {
  target: ReportTarget;
  reason: string;
}

/** POST /api/forum/{posts|comments}/:id/report: stored for the moderators' queue. */
export async function reportContent({ target, reason }: ReportInput) {
  const collection = target.kind === 'post' ? 'posts' : 'comments';
  await apiFetch(`/api/forum/${collection}/${target.id}/report`, z.unknown(), {
    method: 'POST',
    body: JSON.stringify({ reason }),
  });
}

/** Nothing cached shows reports, so there is nothing to invalidate. */
export function useReportContent() {
  return useMutation({ mutationFn: reportContent });
}
