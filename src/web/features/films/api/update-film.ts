import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  filmSummarySchema,
  type FilmResponse,
  type FilmSummary,
  type UpdateFilmBody,
} from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys, queryKeys } from '../../../api/query-keys';

const filmAnswer = z.object({ film: filmSummarySchema });

export interface UpdateFilmInput {
  id: number;
  changes: UpdateFilmBody;
}

/** PATCH /api/films/:id: an experienced moderator's or an admin's edit of the film's details. */
export async function updateFilm({ id, changes }: UpdateFilmInput) {
  const { film } = await apiFetch(`/api/films/${id}`, filmAnswer, {
    method: 'PATCH',
    body: JSON.stringify(changes),
  });
  return film;
}

/** The film's pages already loaded show the edit at once; their figures stay as they were. */
function withEdit(answer: FilmResponse | undefined, film: FilmSummary): FilmResponse | undefined {
  if (!answer || answer.film.id !== film.id) return answer;
  return { ...answer, film: { ...answer.film, ...film } };
}

export function useUpdateFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFilm,
    onSuccess: async (film) => {
      queryClient.setQueriesData<FilmResponse>(
        { queryKey: filmKeys.filmPages(film.id) },
        (answer) => withEdit(answer, film),
      );
      // A new title renames its reviews' threads too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
      ]);
    },
  });
}
