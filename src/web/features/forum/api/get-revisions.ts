import { queryOptions, useQuery } from '@tanstack/react-query';
import { revisionListResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/forum/posts/:id/revisions: each edit's editor, time and what it replaced. */
export async function getRevisions(postId: number) {
  const { revisions } = await apiFetch(
    `/api/forum/posts/${postId}/revisions`,
    revisionListResponse,
  );
  return revisions;
}

export function revisionsQueryOptions(postId: number) {
  return queryOptions({
    queryKey: queryKeys.revisions(postId),
    queryFn: () => getRevisions(postId),
  });
}

/** Fetched only once the history is opened: most readers never look. */
export function useRevisions(postId: number, enabled: boolean) {
  return useQuery({ ...revisionsQueryOptions(postId), enabled });
}
