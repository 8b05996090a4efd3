import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryListResponse, type Category } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** PUT /api/forum/categories/order: every category id once, in the new order. */
export async function reorderCategories(ids: number[]) {
  const { categories } = await apiFetch('/api/forum/categories/order', categoryListResponse, {
    method: 'PUT',
    body: JSON.stringify({ ids }),
  });
  return categories;
}

export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    onSuccess: (categories) =>
      queryClient.setQueryData<Category[]>(queryKeys.categories, categories),
  });
}
