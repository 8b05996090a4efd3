import { useCallback, useMemo } from 'react';
import { useAddressParams } from '../../shell/address-params';
import { postSorts, tagSchema, type PostSort } from '../../../shared/forum';
import type { PostFilters } from './api/get-posts';

function sortOf(value: string | null): PostSort {
  return postSorts.find((sort) => sort === value) ?? 'latest';
}

/** A tag typed into the address bar that the server would refuse is simply not applied. */
function tagOf(value: string | null): string | undefined {
  if (value === null) return undefined;
  const parsed = tagSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** `?filter=new`: the only list filter there is; anything else shows every thread. */
function filterOf(value: string | null): PostFilters['filter'] {
  return value === 'new' ? 'new' : undefined;
}

export type FilterChange = Partial<Record<'category' | 'tag' | 'sort' | 'filter', string | null>>;

/** Search params for `change` applied to `current`; the default sort is left out of the URL. */
export function withFilters(current: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (next.get('sort') === 'latest') next.delete('sort');
  return next;
}

/** The list's filters live in the URL, so a filtered view can be shared and survives reloads. */
/** The forum list's filters as its address gives them. */
export function filtersOf(params: URLSearchParams): PostFilters {
  return {
    category: params.get('category') ?? undefined,
    tag: tagOf(params.get('tag')),
    sort: sortOf(params.get('sort')),
    filter: filterOf(params.get('filter')),
  };
}

export function useForumFilters() {
  const [params, setParams] = useAddressParams();
  const { category, tag, sort, filter } = filtersOf(params);

  const filters = useMemo<PostFilters>(
    () => ({ category, tag, sort, filter }),
    [category, tag, sort, filter],
  );
  const change = useCallback(
    (update: FilterChange) => setParams((current) => withFilters(current, update)),
    [setParams],
  );
  return { filters, params, change };
}
