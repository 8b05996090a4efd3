import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { filmFollowResponse, type FilmResponse } from '../../../../shared/films';
import { apiFetch } from '../../../api/api-client';
import { filmKeys } from '../../../api/query-keys';

export interface FollowFilmInput {
  id: number;
  /** True to follow, false to stop. */
  follow: boolean;
}

/** PUT or DELETE /api/films/:id/follow: idempotent; a film merged away follows its survivor. */
export function followFilm({ id, follow }: FollowFilmInput) {
  return apiFetch(`/api/films/${id}/follow`, filmFollowResponse, {
    method: follow ? 'PUT' : 'DELETE',
  });
}

/** Every loaded page (sort, page number, or the address of a film merged into it) of film `id`. */
const pagesOf = (id: number) => ({
  queryKey: filmKeys.all,
  predicate: (query: { queryKey: readonly unknown[]; state: { data: unknown } }) =>
    query.queryKey[1] === filmKeys.filmPages(id)[1] &&
    (query.state.data as FilmResponse | undefined)?.film.id === id,
});

function setFollowing(queryClient: QueryClient, id: number, following: boolean) {
  queryClient.setQueriesData<FilmResponse>(
    pagesOf(id),
    (answer) =>
      answer && {
        ...answer,
        film: { ...answer.film, viewer: { ...answer.film.viewer, following } },
      },
  );
}

/** The button shows the follow at once; a refusal puts the old state back. */
export function useFollowFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followFilm,
    onMutate: async ({ id, follow }) => {
      await queryClient.cancelQueries(pagesOf(id));
      const previous = queryClient.getQueriesData<FilmResponse>(pagesOf(id));
      setFollowing(queryClient, id, follow);
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, answer] of context?.previous ?? []) queryClient.setQueryData(key, answer);
    },
    onSuccess: ({ following }, { id }) => setFollowing(queryClient, id, following),
  });
}
