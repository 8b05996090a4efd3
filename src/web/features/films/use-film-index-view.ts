import { useCallback, useMemo } from 'react';
import { useAddressParams } from '../../shell/address-params';
import {
  filmIndexSorts,
  filmLimits,
  latestFilmYear,
  type FilmIndexSort,
} from '../../../shared/films';
import { pageOf, withChange } from './page-number';

/** What /films shows, read from its address so a view can be shared and comes back on Back. */
export interface FilmIndexView {
  sort: FilmIndexSort;
  /** One year, or a decade by its first year (1990 for the 1990s); a year wins over a decade. */
  year?: number;
  decade?: number;
  q: string;
  page: number;
}

export type FilmIndexChange = Partial<Record<keyof FilmIndexView, string | number | null>>;

export interface FilmIndexChangeOptions {
  /** In place of the current history entry (the search box's pauses), not a new one. */
  replace?: boolean;
  /** False for another page of films, which starts at the top. */
  keepScroll?: boolean;
}

const defaults = { sort: 'most-reviewed', page: '1' };

function yearOf(value: string | null): number | undefined {
  if (value === null || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= filmLimits.firstYear && year <= latestFilmYear() ? year : undefined;
}

export function filmIndexViewOf(params: URLSearchParams): FilmIndexView {
  const sort = params.get('sort');
  const year = yearOf(params.get('year'));
  const decade = yearOf(params.get('decade'));
  return {
    sort: filmIndexSorts.find((entry) => entry === sort) ?? 'most-reviewed',
    year,
    decade: year === undefined && decade !== undefined && decade % 10 === 0 ? decade : undefined,
    q: params.get('q')?.trim() ?? '',
    page: pageOf(params.get('page')),
  };
}

/** The API's query string for `view`: what is unset stays out. */
export function filmIndexRequest(view: FilmIndexView): Record<string, string> {
  const request: Record<string, string> = { sort: view.sort, page: String(view.page) };
  if (view.year !== undefined) request.year = String(view.year);
  if (view.decade !== undefined) request.decade = String(view.decade);
  if (view.q !== '') request.q = view.q;
  return request;
}

export function useFilmIndexView() {
  const [params, setParams] = useAddressParams();
  const key = params.toString();
  // One object per distinct address, so queries and effects see a stable value.
  const view = useMemo(() => filmIndexViewOf(new URLSearchParams(key)), [key]);
  const change = useCallback(
    (update: FilmIndexChange, options: FilmIndexChangeOptions = {}) =>
      setParams((current) => withChange(current, update, defaults), {
        preventScrollReset: options.keepScroll ?? true,
        replace: options.replace ?? false,
      }),
    [setParams],
  );
  return { view, change };
}
