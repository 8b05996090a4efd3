import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListResponse } from '../../shared/forum';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/forum/categories: every category in display order, archived ones included. */
export async function getCategories() {
  const { categories } = await apiFetch('/api/forum/categories', categoryListResponse);
  return categories;
}

export function categoriesQueryOptions() {
  // Categories change only when an admin edits them: no need to refetch on every page.
  return queryOptions({
    queryKey: queryKeys.categories,
    queryFn: getCategories,
    staleTime: 5 * 60 * 1000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
