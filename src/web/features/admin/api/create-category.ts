import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema, type createCategoryBody } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type CreateCategoryInput = z.input<typeof createCategoryBody>;

/** POST /api/forum/categories: a new category, added at the end. */
export async function createCategory(input: CreateCategoryInput) {
  const { category } = await apiFetch(
    '/api/forum/categories',
    z.object({ category: categorySchema }),
    { method: 'POST', body: JSON.stringify(input) },
  );
  return category;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
  });
}
