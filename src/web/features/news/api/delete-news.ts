import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** DELETE /api/news/:id: the article and its comment thread are gone for good. */
export async function deleteNews(id: number) {
  await apiFetch(`/api/news/${id}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.newsArticle(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.news });
    },
  });
}
