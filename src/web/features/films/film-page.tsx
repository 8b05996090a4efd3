import { Divider, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { FilmResponse } from '../../../shared/films';
import { isApiError } from '../../api/api-client';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { NotFoundPage } from '../../shell/error-page';
import { useDeclaredHead } from '../../shell/render-context';
import { filmQueryOptions, useFilm, type FilmReviewsView } from './api/get-film';
import { parseFilmParam } from './film-address';
import { FilmHeader } from './film-header';
import { FilmReviews } from './film-reviews';
import { RatingSummary } from './rating-summary';
import { filmHead, filmStructuredData } from './structured-data';
import { useReviewsView } from './use-reviews-view';

// Only experienced moderators and admins edit or merge a film: nobody else downloads the dialogs.
const FilmEditorActions = lazy(() =>
  import('./film-editor-actions').then((module) => ({ default: module.FilmEditorActions })),
);
export { prefetchFilmPage } from './prefetch';

/**
 * The film's own address in place of the one asked: a merged film answers as the one it was
 * merged into, and a renamed film has new words after its id. Replaced, so Back skips it.
 */
function useCanonicalAddress(view: FilmReviewsView, answer?: FilmResponse) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const url = answer?.film.url;
  const answeredId = answer?.film.id;
  useEffect(() => {
    if (!answer || url === undefined || answeredId === undefined || url === pathname) return;
    // The answer is the surviving film's: its own address need not ask again.
    queryClient.setQueryData(filmQueryOptions(answeredId, view).queryKey, answer);
    void navigate(`${url}${search}`, { replace: true, preventScrollReset: true });
  }, [answer, answeredId, url, pathname, search, view, navigate, queryClient]);
}

/** /films/{id}-{slug}: a film, its readers' ratings and its reviews. */
export function FilmPage() {
  const { idSlug } = useParams();
  const id = parseFilmParam(idSlug);
  const { view, change } = useReviewsView();
  const film = useFilm(id, view);
  const shown = film.data?.film;
  useDeclaredHead(shown && filmHead(shown), (origin) =>
    shown ? filmStructuredData(shown, origin, film.data?.reviews.items) : [],
  );
  useCanonicalAddress(view, film.data);

  // The app's 404 page, in place: the address stays.
  if (id === null || (isApiError(film.error) && film.error.code === 'not-found')) {
    return <NotFoundPage />;
  }
  if (film.isError && !film.data) {
    return <LoadError title="Could not load the film" error={film.error} />;
  }
  if (!film.data) return <LoadingStatus label="Loading the film" py="xl" />;
  return (
    <Stack gap="xl" maw={900}>
      <Stack gap="sm">
        <FilmHeader film={film.data.film} />
        {film.data.film.viewer.canEdit && (
          <Suspense fallback={null}>
            <FilmEditorActions film={film.data.film} />
          </Suspense>
        )}
      </Stack>
      <RatingSummary film={film.data.film} />
      <Divider />
      {film.isError && <LoadError title="Could not load these reviews" error={film.error} />}
      <FilmReviews
        reviews={film.data.reviews}
        view={view}
        busy={film.isPlaceholderData}
        onChange={change}
      />
    </Stack>
  );
}
