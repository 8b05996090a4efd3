import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filmIndexResponse } from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys } from '../../../api/query-keys';

/** GET /api/films: one page of the index, in the order and with the filters asked. */
export function getFilms(params: Record<string, string>, signal?: AbortSignal) {
  const query = new URLSearchParams(params).toString();
  return apiFetch(`/api/films${query === '' ? '' : `?${query}`}`, filmIndexResponse, { signal });
}

export function filmsQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: filmKeys.index(params),
    queryFn: ({ signal }) => getFilms(params, signal),
    // Another sort, filter or page keeps the last answer on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
}

export function useFilms(params: Record<string, string>) {
  return useQuery(filmsQueryOptions(params));
}
