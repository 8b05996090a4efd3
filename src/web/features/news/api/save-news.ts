import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  newsArticleResponse,
  type CreateNewsBody,
  type NewsArticle,
  type UpdateNewsBody,
} from '../../../../shared/news';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** POST /api/news: a new article (a scheduled one needs a publish time in the future). */
export async function createNews(body: CreateNewsBody) {
  const { article } = await apiFetch('/api/news', newsArticleResponse, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return article;
}

export interface UpdateNewsInput {
  id: number;
  changes: UpdateNewsBody;
}

/** PATCH /api/news/:id: replaces the fields named; `status: 'draft'` unpublishes. */
export async function updateNews({ id, changes }: UpdateNewsInput) {
  const { article } = await apiFetch(`/api/news/${id}`, newsArticleResponse, {
    method: 'PATCH',
    body: JSON.stringify(changes),
  });
  return article;
}

function useNewsWrite<Input>(write: (input: Input) => Promise<NewsArticle>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (article) => {
      queryClient.setQueryData(queryKeys.newsArticle(article.id), article);
      // Lists (public and admin) change with any write: order, status, featured.
      await queryClient.invalidateQueries({
        queryKey: queryKeys.news,
        predicate: (query) => query.queryKey[1] !== 'article',
      });
    },
  });
}

export function useCreateNews() {
  return useNewsWrite(createNews);
}

export function useUpdateNews() {
  return useNewsWrite(updateNews);
}
