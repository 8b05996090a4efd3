import { queryOptions, useQuery } from '@tanstack/react-query';
import { watchResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/forum/categories/:id/watch: the signed-in viewer's watch level for a category. */
export async function getCategoryWatch(categoryId: number) {
  const { level } = await apiFetch(`/api/forum/categories/${categoryId}/watch`, watchResponse);
  return level;
}

export function categoryWatchQueryOptions(categoryId: number) {
  return queryOptions({
    queryKey: queryKeys.categoryWatch(categoryId),
    queryFn: () => getCategoryWatch(categoryId),
  });
}

export function useCategoryWatch(categoryId: number) {
  return useQuery(categoryWatchQueryOptions(categoryId));
}
