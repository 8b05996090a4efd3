import type { QueryClient } from '@tanstack/react-query';
import type { PagePrefetch } from '../../shell/page-prefetch';
import { prefetchThread } from '../forum';
import { leadArticleQueryOptions, newsQueryOptions } from './api/get-news';
import { newsArticleQueryOptions } from './api/get-news-article';
import { parseNewsId } from './parse-news-id';

/* What the news pages read, fetched before a server render draws them (page-modules.ts). */

export function prefetchLeadArticle(queryClient: QueryClient) {
  return queryClient.prefetchQuery(leadArticleQueryOptions());
}

/** /news. */
export function prefetchNewsPage({ queryClient }: PagePrefetch) {
  return queryClient.prefetchInfiniteQuery(newsQueryOptions());
}

/** /news/{id}: the article, then its discussion thread and first comments. */
export async function prefetchNewsArticlePage(page: PagePrefetch) {
  const { params, queryClient } = page;
  const id = parseNewsId(params.id);
  if (id === null) return;
  await queryClient.prefetchQuery(newsArticleQueryOptions(id));
  const thread = queryClient.getQueryData(newsArticleQueryOptions(id).queryKey)?.discussionPostId;
  if (thread) await prefetchThread(page, thread);
}
