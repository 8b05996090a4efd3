import type { QueryClient } from '@tanstack/react-query';
import { reviewsCategorySlug } from '../../../shared/forum';
import { categoriesQueryOptions } from '../../api/get-categories';
import { postQueryOptions } from '../../api/get-post';
import type { PagePrefetch } from '../../shell/page-prefetch';
import { categoryWatchQueryOptions } from './api/get-category-watch';
import { commentsQueryOptions } from './api/get-comments';
import { firstPostsQueryOptions, postsQueryOptions } from './api/get-posts';
import { readingQueryOptions } from './api/get-reading';
import { parsePostId } from './parse-post-id';
import { filtersOf } from './use-forum-filters';

/*
 * What the forum's pages and the lists it lends the home page read, fetched before a server
 * render draws them (page-modules.ts), with the query options their components use.
 */

/** A thread and its first replies, at once, and a member's place in it. */
export function prefetchThread(
  { queryClient, viewer }: Pick<PagePrefetch, 'queryClient' | 'viewer'>,
  id: number,
) {
  return Promise.all([
    queryClient.prefetchQuery(postQueryOptions(id)),
    queryClient.prefetchInfiniteQuery(commentsQueryOptions(id)),
    viewer.then((member) => member && queryClient.prefetchQuery(readingQueryOptions(id))),
  ]);
}

/** /forum/post/{id}. */
export async function prefetchPostPage(page: PagePrefetch) {
  const id = parsePostId(page.params.id);
  if (id !== null) await prefetchThread(page, id);
}

/**
 * /forum: the categories, the threads its address filters (a visitor has read nothing, so a
 * New filter shows them every thread, as the page does) and a member's watch of the category
 * shown.
 */
export function prefetchForumPage({ url, queryClient, viewer }: PagePrefetch) {
  const filters = filtersOf(url.searchParams);
  const categories = queryClient.fetchQuery(categoriesQueryOptions());
  return Promise.all([
    categories,
    filters.filter
      ? viewer.then((member) =>
          queryClient.prefetchInfiniteQuery(
            postsQueryOptions(member ? filters : { ...filters, filter: undefined }),
          ),
        )
      : queryClient.prefetchInfiniteQuery(postsQueryOptions(filters)),
    Promise.all([viewer, categories]).then(([member, list]) => {
      const category = list.find((entry) => entry.slug === filters.category);
      return member && category
        ? queryClient.prefetchQuery(categoryWatchQueryOptions(category.id))
        : undefined;
    }),
  ]);
}

const recentLimit = 5;

/** The threads with the latest activity, as the home page lists them. */
export const latestThreadsQuery = (limit = recentLimit) =>
  firstPostsQueryOptions({ sort: 'latest' }, limit);

/** The newest reviews, as the home page lists them. */
export const newestReviewsQuery = (limit = recentLimit) =>
  firstPostsQueryOptions({ category: reviewsCategorySlug, sort: 'newest' }, limit);

export function prefetchRecentPosts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(latestThreadsQuery()),
    queryClient.prefetchQuery(newestReviewsQuery()),
  ]);
}
