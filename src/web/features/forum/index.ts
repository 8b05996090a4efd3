/*
 * What other features may use of the forum: the replies of a thread, with their composer, so a
 * news article's comments follow the forum's rules with the forum's own components (and the
 * member's reading of them); and the
 * short lists of latest threads and newest reviews the home page shows.
 */
export { Replies } from './replies';
export { useReading } from './api/get-reading';
export { LatestThreads, NewestReviews, reviewsPath } from './recent-posts';
export { prefetchRecentPosts, prefetchThread } from './prefetch';
