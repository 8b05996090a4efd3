import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchResponse, type WatchLevel } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface WatchCategoryInput {
  categoryId: number;
  level: WatchLevel;
}

/** PUT /api/forum/categories/:id/watch: which new replies in the category notify the viewer. */
export async function watchCategory({ categoryId, level }: WatchCategoryInput) {
  const answer = await apiFetch(`/api/forum/categories/${categoryId}/watch`, watchResponse, {
    method: 'PUT',
    body: JSON.stringify({ level }),
  });
  return answer.level;
}

export function useWatchCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: watchCategory,
    onSuccess: (level, { categoryId }) =>
      queryClient.setQueryData(queryKeys.categoryWatch(categoryId), level),
  });
}
