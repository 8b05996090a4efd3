import { queryOptions, useQuery } from '@tanstack/react-query';
import { openResultResponse } from '../../../../shared/search';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/search/open/:category/:id: where a result lives now. */
export async function getOpenResult(category: string, id: string) {
  const path = `/api/search/open/${encodeURIComponent(category)}/${encodeURIComponent(id)}`;
  const { url } = await apiFetch(path, openResultResponse);
  return url;
}

export function openResultQueryOptions(category: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.openResult(category, id),
    queryFn: () => getOpenResult(category, id),
    // A thread can move or be hidden: ask again each time the result is opened.
    staleTime: 0,
  });
}

export function useOpenResult(category: string, id: string) {
  return useQuery(openResultQueryOptions(category, id));
}
