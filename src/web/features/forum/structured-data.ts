import { markdownExcerpt, markdownToPlainText } from '../../../shared/excerpt';
import type { Author, PostDetail } from '../../../shared/forum';
import { socialImagePath } from '../../../shared/social-image';

/** schema.org for the pages of the forum, written as JSON-LD into a thread's first response. */
export function personOf(author: Author, origin: string) {
  return {
    '@type': 'Person',
    name: author.name,
    ...(author.username ? { url: `${origin}/u/${encodeURIComponent(author.username)}` } : {}),
  };
}

function counter(type: 'LikeAction' | 'CommentAction' | 'ViewAction', count: number) {
  return {
    '@type': 'InteractionCounter',
    interactionType: `https://schema.org/${type}`,
    userInteractionCount: count,
  };
}

const bodyMax = 5000;

/** A thread as a `DiscussionForumPosting`; a review also as a `Review` with its rating. */
export function threadStructuredData(post: PostDetail, origin: string): object[] {
  const url = `${origin}/forum/post/${post.id}`;
  const author = personOf(post.author, origin);
  const text = markdownToPlainText(post.bodySource).slice(0, bodyMax);
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: post.title,
    text,
    author,
    datePublished: post.createdAt,
    dateModified: post.editedAt ?? post.createdAt,
    image: `${origin}${socialImagePath(`/forum/post/${post.id}`)}`,
    articleSection: post.category.name,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    interactionStatistic: [
      counter('LikeAction', post.reactionCount),
      counter('CommentAction', post.replyCount),
      counter('ViewAction', post.viewCount),
    ],
  };
  if (post.rating === null) return [posting];
  const review = {
    '@context': 'https://schema.org',
    '@type': 'Review',
    url,
    name: post.title,
    reviewBody: text,
    author,
    datePublished: post.createdAt,
    itemReviewed: { '@type': 'Movie', name: post.filmTitle ?? post.title },
    reviewRating: { '@type': 'Rating', ratingValue: post.rating, bestRating: 10, worstRating: 1 },
  };
  return [posting, review];
}

/** The page's title and description from the thread. */
export function threadHead(post: PostDetail) {
  const film =
    post.rating !== null && post.filmTitle ? ` (${post.filmTitle}, ${post.rating}/10)` : '';
  return {
    title: post.title,
    description: `${markdownExcerpt(post.bodySource, 140)}${film}` || post.title,
    type: 'article' as const,
  };
}
