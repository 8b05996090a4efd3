import { queryOptions, useQuery } from '@tanstack/react-query';
import { filmResponse, type FilmResponse, type FilmReviewSort } from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys } from '../../../api/query-keys';

export interface FilmReviewsView {
  sort: FilmReviewSort;
  page: number;
}

const paramsOf = (view: FilmReviewsView) => ({ sort: view.sort, page: String(view.page) });

/**
 * GET /api/films/:id: the film with its figures and one page of its reviews. A film merged
 * into another answers as the surviving film, whose id differs from the one asked.
 */
export function getFilm(id: number, view: FilmReviewsView) {
  const query = new URLSearchParams(paramsOf(view)).toString();
  return apiFetch(`/api/films/${id}?${query}`, filmResponse);
}

export function filmQueryOptions(id: number, view: FilmReviewsView) {
  return queryOptions({
    queryKey: filmKeys.film(id, paramsOf(view)),
    queryFn: () => getFilm(id, view),
    // Another sort or page keeps the film on screen while its reviews load; another film does not.
    placeholderData: (previous: FilmResponse | undefined) =>
      previous?.film.id === id ? previous : undefined,
  });
}

/** `null` (an address whose id is not one) fetches nothing. */
export function useFilm(id: number | null, view: FilmReviewsView) {
  return useQuery({ ...filmQueryOptions(id ?? 0, view), enabled: id !== null });
}
