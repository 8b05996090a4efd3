import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filmSuggestResponse } from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys } from '../../../api/query-keys';

/** GET /api/films/suggest: up to eight films whose title starts like `q`, for the picker. */
export async function suggestFilms(q: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ q }).toString();
  const { items } = await apiFetch(`/api/films/suggest?${query}`, filmSuggestResponse, { signal });
  return items;
}

export function filmSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: filmKeys.suggestions(q),
    // Newer letters leave this query without observers: its request is aborted.
    queryFn: ({ signal }) => suggestFilms(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** An empty `q` fetches nothing. */
export function useFilmSuggestions(q: string) {
  return useQuery({ ...filmSuggestionsQueryOptions(q), enabled: q !== '' });
}
