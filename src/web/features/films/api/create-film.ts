import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filmCreatedResponse, type CreateFilmBody } from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys } from '../../../api/query-keys';

/**
 * POST /api/films: adds a film, or answers the one already there with the same title and year
 * (`created: false`).
 */
export function createFilm(body: CreateFilmBody) {
  return apiFetch('/api/films', filmCreatedResponse, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function useCreateFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFilm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filmKeys.all }),
  });
}
