import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsArticleResponse } from '../../../../shared/news';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/news/:id: a published article (admins also get drafts and scheduled ones). */
export async function getNewsArticle(id: number) {
  const { article } = await apiFetch(`/api/news/${id}`, newsArticleResponse);
  return article;
}

export function newsArticleQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.newsArticle(id), queryFn: () => getNewsArticle(id) });
}

/** `null` (an id that is not one) fetches nothing. */
export function useNewsArticle(id: number | null) {
  return useQuery({ ...newsArticleQueryOptions(id ?? 0), enabled: id !== null });
}
