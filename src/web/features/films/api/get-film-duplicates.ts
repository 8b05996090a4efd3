import { queryOptions, useQuery } from '@tanstack/react-query';
import { filmDuplicatesResponse } from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys } from '../../../api/query-keys';

/** GET /api/films/duplicates: pairs of films with the same title and year (or one without). */
export async function getFilmDuplicates(signal?: AbortSignal) {
  const { pairs } = await apiFetch('/api/films/duplicates', filmDuplicatesResponse, { signal });
  return pairs;
}

export function filmDuplicatesQueryOptions() {
  return queryOptions({
    queryKey: filmKeys.duplicates,
    queryFn: ({ signal }) => getFilmDuplicates(signal),
  });
}

/** `enabled` false (a viewer who may not merge films) asks nothing. */
export function useFilmDuplicates(enabled: boolean) {
  return useQuery({ ...filmDuplicatesQueryOptions(), enabled });
}
