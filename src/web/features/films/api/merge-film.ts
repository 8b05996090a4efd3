import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { filmSummarySchema } from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys, queryKeys } from '../../../api/query-keys';

const survivorAnswer = z.object({ film: filmSummarySchema });

export interface MergeFilmInput {
  /** The film merged away. */
  id: number;
  /** The film that stays and takes its reviews. */
  intoId: number;
}

/** POST /api/films/:id/merge: answers the surviving film. */
export async function mergeFilm({ id, intoId }: MergeFilmInput) {
  const { film } = await apiFetch(`/api/films/${id}/merge`, survivorAnswer, {
    method: 'POST',
    body: JSON.stringify({ intoId }),
  });
  return film;
}

export function useMergeFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeFilm,
    // Both films' pages, the index, the duplicates, and the moved reviews' threads change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
      ]),
  });
}
