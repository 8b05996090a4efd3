import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { quickSearchResponse } from '../../../../shared/search';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/search/quick: a few hits per category, while the reader types. */
export function getQuickSearch(q: string, signal?: AbortSignal) {
  return apiFetch(
    `/api/search/quick?${new URLSearchParams({ q }).toString()}`,
    quickSearchResponse,
    {
      signal,
    },
  );
}

export function quickSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: queryKeys.quickSearch(q),
    // A newer query text leaves this one without observers: its request is aborted.
    queryFn: ({ signal }) => getQuickSearch(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** An empty `q` fetches nothing. */
export function useQuickSearch(q: string) {
  return useQuery({ ...quickSearchQueryOptions(q), enabled: q !== '' });
}
