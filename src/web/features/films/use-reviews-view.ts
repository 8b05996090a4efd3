import { useCallback, useMemo } from 'react';
import { useAddressParams } from '../../shell/address-params';
import { filmReviewSorts } from '../../../shared/films';
import type { FilmReviewsView } from './api/get-film';
import { pageOf, withChange } from './page-number';

const defaults = { sort: 'newest', page: '1' };

/** The reviews' sort and page as a film's address gives them (`?sort=highest&page=2`). */
export function reviewsViewOf(params: URLSearchParams): FilmReviewsView {
  const sort = params.get('sort');
  return {
    sort: filmReviewSorts.find((entry) => entry === sort) ?? 'newest',
    page: pageOf(params.get('page')),
  };
}

/** The order and page of a film's reviews live in its address, so Back and reload keep them. */
export function useReviewsView() {
  const [params, setParams] = useAddressParams();
  const { sort, page } = reviewsViewOf(params);
  const view = useMemo<FilmReviewsView>(() => ({ sort, page }), [sort, page]);
  const change = useCallback(
    (update: Partial<Record<keyof FilmReviewsView, string | number>>) =>
      setParams((current) => withChange(current, update, defaults), { preventScrollReset: true }),
    [setParams],
  );
  return { view, change };
}
