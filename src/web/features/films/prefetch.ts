import type { PagePrefetch } from '../../shell/page-prefetch';
import { filmQueryOptions } from './api/get-film';
import { filmsQueryOptions } from './api/get-films';
import { parseFilmParam } from './film-address';
import { filmIndexRequest, filmIndexViewOf } from './use-film-index-view';
import { reviewsViewOf } from './use-reviews-view';

/* What the films' pages read, fetched before a server render draws them (page-modules.ts). */

/** /films/{id}-{slug}: the film and the page of reviews its address asks for. */
export async function prefetchFilmPage({ params, url, queryClient }: PagePrefetch) {
  const id = parseFilmParam(params.idSlug);
  if (id === null) return;
  await queryClient.prefetchQuery(filmQueryOptions(id, reviewsViewOf(url.searchParams)));
}

/** /films: the page of the index its address asks for. */
export function prefetchFilmsPage({ url, queryClient }: PagePrefetch) {
  const request = filmIndexRequest(filmIndexViewOf(url.searchParams));
  return queryClient.prefetchQuery(filmsQueryOptions(request));
}
