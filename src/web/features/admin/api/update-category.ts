import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema, type updateCategoryBody } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface UpdateCategoryInput {
  id: number;
  changes: z.input<typeof updateCategoryBody>;
}

/** PATCH /api/forum/categories/:id: rename, describe, archive or unarchive (the slug stays). */
export async function updateCategory({ id, changes }: UpdateCategoryInput) {
  const { category } = await apiFetch(
    `/api/forum/categories/${id}`,
    z.object({ category: categorySchema }),
    { method: 'PATCH', body: JSON.stringify(changes) },
  );
  return category;
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
        // Thread lists carry the category's name.
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
      ]),
  });
}
