import { queryOptions, useQuery } from '@tanstack/react-query';
import { revisionListResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** Whose history: a thread's or a reply's. */
export interface RevisionSubject {
  kind: 'post' | 'comment';
  id: number;
}

/** GET /api/forum/{posts|comments}/:id/revisions: each edit's editor, time and what it replaced. */
export async function getRevisions({ kind, id }: RevisionSubject) {
  const { revisions } = await apiFetch(
    `/api/forum/${kind === 'post' ? 'posts' : 'comments'}/${id}/revisions`,
    revisionListResponse,
  );
  return revisions;
}

export function revisionsQueryOptions(subject: RevisionSubject) {
  return queryOptions({
    queryKey:
      subject.kind === 'post'
        ? queryKeys.revisions(subject.id)
        : queryKeys.commentRevisions(subject.id),
    queryFn: () => getRevisions(subject),
  });
}

/** Fetched only once the history is opened: most readers never look. */
export function useRevisions(subject: RevisionSubject, enabled: boolean) {
  return useQuery({ ...revisionsQueryOptions(subject), enabled });
}
