import { cutText } from '../../../shared/excerpt';
import type { NewsArticle } from '../../../shared/news';
import { socialImagePath } from '../../../shared/social-image';

/** An article as schema.org's `NewsArticle`, for its first response. */
export function articleStructuredData(
  article: NewsArticle,
  site: { name: string },
  origin: string,
): object[] {
  const url = `${origin}/news/${article.id}`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      '@id': url,
      url,
      mainEntityOfPage: url,
      headline: cutText(article.title, 110),
      description: article.summary,
      datePublished: article.publishAt ?? article.createdAt,
      dateModified: article.updatedAt,
      image: [
        ...(article.cover ? [`${origin}${article.cover.url}`] : []),
        `${origin}${socialImagePath(`/news/${article.id}`)}`,
      ],
      author: {
        '@type': 'Person',
        name: article.author.name,
        ...(article.author.username
          ? { url: `${origin}/u/${encodeURIComponent(article.author.username)}` }
          : {}),
      },
      publisher: { '@type': 'Organization', name: site.name, url: `${origin}/` },
    },
  ];
}
