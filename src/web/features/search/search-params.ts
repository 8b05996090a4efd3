import { useCallback, useMemo } from 'react';
import { useAddressParams } from '../../shell/address-params';
import {
  searchCategories,
  searchHiddenFilters,
  type SearchCategory,
  type SearchHiddenFilter,
} from '../../../shared/search';

/** What /search shows, read from its query string so a search can be shared and revisited. */
export interface SearchState {
  q: string;
  category: SearchCategory;
  /** The address names the tab: it stays open, results or not; otherwise search may pick one. */
  categoryNamed: boolean;
  page: number;
  forumCategory?: string;
  author?: string;
  from?: string;
  to?: string;
  minRating?: number;
  hidden?: SearchHiddenFilter;
}

export type SearchFilterName = 'forumCategory' | 'author' | 'from' | 'to' | 'minRating' | 'hidden';
export const searchFilterNames: readonly SearchFilterName[] = [
  'forumCategory',
  'author',
  'from',
  'to',
  'minRating',
  'hidden',
];

/**
 * The filters each category can apply. The server finds nothing in a category given another
 * (a rating on replies, any filter on people), so the page says so rather than hide the cause.
 */
export const filtersByCategory: Record<SearchCategory, readonly SearchFilterName[]> = {
  posts: ['forumCategory', 'author', 'from', 'to', 'minRating', 'hidden'],
  films: [],
  replies: ['forumCategory', 'author', 'from', 'to', 'hidden'],
  news: ['author', 'from', 'to', 'hidden'],
  chat: ['author', 'from', 'to', 'hidden'],
  users: ['hidden'],
};

const day = /^\d{4}-\d{2}-\d{2}$/;

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function whole(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * The state in `params`. A value typed into the address bar that could not be meant (page 0, an
 * unknown tab) falls back to the default; the query text goes to the server as it is, so its
 * own rules (length) answer with their own words.
 */
export function readSearchState(params: URLSearchParams): SearchState {
  const category = params.get('category');
  const hidden = params.get('hidden');
  const from = params.get('from');
  const to = params.get('to');
  const named = searchCategories.find((entry) => entry === category);
  return {
    q: params.get('q')?.trim() ?? '',
    category: named ?? 'posts',
    categoryNamed: named !== undefined,
    page: whole(params.get('page'), 1, 100_000) ?? 1,
    forumCategory: text(params.get('forumCategory')),
    author: text(params.get('author')),
    from: from !== null && day.test(from) ? from : undefined,
    to: to !== null && day.test(to) ? to : undefined,
    minRating: whole(params.get('minRating'), 1, 10),
    hidden: searchHiddenFilters.find((entry) => entry === hidden),
  };
}

/** The API's query string for `state`; `hidden` only when the reader may use it. */
export function searchRequestParams(
  state: SearchState,
  options: { moderator: boolean },
): Record<string, string> {
  const params: Record<string, string> = {
    q: state.q,
    category: state.category,
    page: String(state.page),
  };
  for (const name of searchFilterNames) {
    const value = state[name];
    if (value === undefined || (name === 'hidden' && !options.moderator)) continue;
    params[name] = String(value);
  }
  return params;
}

export type SearchChange = Partial<
  Record<Exclude<keyof SearchState, 'categoryNamed'>, string | number | null>
>;

/**
 * `current` with `change` applied. Any change but the page's starts again at page 1, which stays
 * out of the URL. A tab, once chosen (the posts tab too), stays in it: a link naming a tab opens
 * that tab.
 */
export function withSearchChange(current: URLSearchParams, change: SearchChange): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!('page' in change)) next.delete('page');
  for (const [key, value] of Object.entries(change)) {
    const written = value === null || value === undefined ? '' : String(value).trim();
    if (written === '') next.delete(key);
    else next.set(key, written);
  }
  if (next.get('page') === '1') next.delete('page');
  return next;
}

export interface SearchChangeOptions {
  keepScroll?: boolean;
  /** In place of the current history entry (a tab the page picked itself), not a new one. */
  replace?: boolean;
}

/** The search's state and the way to change it; a change is a new history entry. */
export function useSearchState() {
  const [params, setParams] = useAddressParams();
  const key = params.toString();
  // One object per distinct query string, so queries and effects see a stable value.
  const state = useMemo(() => readSearchState(new URLSearchParams(key)), [key]);
  const change = useCallback(
    (update: SearchChange, options: SearchChangeOptions = {}) =>
      setParams((current) => withSearchChange(current, update), {
        preventScrollReset: options.keepScroll ?? true,
        replace: options.replace ?? false,
      }),
    [setParams],
  );
  return { state, change };
}
