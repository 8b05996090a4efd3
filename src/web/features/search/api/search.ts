import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchResponse } from '../../../../shared/search';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/search: one page of one category's results, with every category's count. */
export function getSearch(params: Record<string, string>, signal?: AbortSignal) {
  const query = new URLSearchParams(params).toString();
  return apiFetch(`/api/search?${query}`, searchResponse, { signal });
}

export function searchQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: queryKeys.search(params),
    queryFn: ({ signal }) => getSearch(params, signal),
    // Another tab or page keeps the last answer on screen (dimmed) until its own arrives.
    placeholderData: keepPreviousData,
  });
}

/** `params` without a query text fetches nothing: the page shows only the form. */
export function useSearch(params: Record<string, string>) {
  return useQuery({ ...searchQueryOptions(params), enabled: params.q !== '' });
}
