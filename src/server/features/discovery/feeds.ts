import { notFound } from '../../../shared/errors.js';
import { presentAuthor, type AuthorFields } from '../../core/author.js';
import type { Db } from '../../platform/db/database.js';
import { readFilmFeed, type FilmFeedReview } from '../films/index.js';
import { listPublicCategories, newestPublicThreads, type PublicThreadRow } from '../forum/index.js';
import { latestPublicArticles, type PublicArticleRow } from '../news/index.js';
import { getSiteInfo } from '../site/index.js';
import { atomFeed, type AtomEntry } from './atom.js';
import type { DocumentCache } from './document-cache.js';

/**
 * Atom feeds: /feeds/news.xml (the latest public articles), /feeds/forum.xml (the newest public
 * threads), /feeds/forum/<slug>.xml (those of one category offered in the forum's filter) and
 * /feeds/films/<id>.xml (a film's newest visible reviews, each with its rating in its summary).
 * Each entry carries its stored HTML; the feed is titled with the site's current name.
 */

/** Entries per feed. */
export const feedLength = 30;

export function createFeedService(options: {
  db: Db;
  origin: string;
  siteName: string;
  cache: DocumentCache;
  /** An empty feed says it last changed then. */
  startedAt: Date;
}) {
  const { db, origin, cache } = options;

  const author = (fields: AuthorFields) => {
    const shown = presentAuthor(fields);
    return {
      name: shown.name,
      url: shown.username === null ? null : `${origin}/u/${encodeURIComponent(shown.username)}`,
    };
  };

  const threadEntry = (row: PublicThreadRow): AtomEntry => ({
    url: `${origin}/forum/post/${row.id}`,
    title: row.title,
    author: author(row.author),
    published: row.createdAt,
    updated: row.lastmod,
    category: { term: row.category.slug, label: row.category.name },
    html: row.bodyHtml,
  });

  const articleEntry = (row: PublicArticleRow): AtomEntry => ({
    url: `${origin}/news/${row.id}`,
    title: row.title,
    author: author(row.author),
    published: row.publishAt,
    updated: row.lastmod,
    html: row.bodyHtml,
  });

  const reviewEntry =
    (film: string) =>
    (review: FilmFeedReview): AtomEntry => ({
      url: `${origin}/forum/post/${review.id}`,
      title: review.title,
      author: author(review.author),
      published: review.createdAt,
      updated: review.updatedAt,
      summary: `Rated ${review.rating}/10 · ${film}`,
      html: review.bodyHtml,
    });

  /** A feed of `section`, following the page at `pagePath`, served at `selfPath`. */
  async function feed(section: string, pagePath: string, selfPath: string, entries: AtomEntry[]) {
    const site = await getSiteInfo(db, options.siteName);
    return atomFeed({
      title: `${site.name} · ${section}`,
      selfUrl: origin + selfPath,
      pageUrl: origin + pagePath,
      baseUrl: `${origin}/`,
      emptySince: options.startedAt,
      entries,
    });
  }

  return {
    /**
     * `12.xml` → the reviews of film 12; a film merged away is moved to the survivor's feed,
     * an unknown one is 404.
     */
    async film(file: string): Promise<string | { movedTo: string }> {
      const id = /^([1-9][0-9]{0,15})\.xml$/.exec(file)?.[1];
      if (id === undefined || !Number.isSafeInteger(Number(id))) throw notFound('Feed');
      const selfPath = `/feeds/films/${id}.xml`;
      const kept = cache.peek(selfPath);
      if (kept) return kept;
      const read = await readFilmFeed(db, Number(id));
      if (!read) throw notFound('Feed');
      if (read.kind === 'merged') return { movedTo: `/feeds/films/${read.intoId}.xml` };
      const { film, reviews } = read;
      const name = film.year === null ? film.title : `${film.title} (${film.year})`;
      return cache.remember(selfPath, () =>
        feed(`Reviews of ${name}`, film.url, selfPath, reviews.map(reviewEntry(name))),
      );
    },

    news(): Promise<string> {
      return cache.remember('/feeds/news.xml', async () =>
        feed(
          'News',
          '/news',
          '/feeds/news.xml',
          (await latestPublicArticles(db, feedLength)).map(articleEntry),
        ),
      );
    },

    forum(): Promise<string> {
      return cache.remember('/feeds/forum.xml', async () =>
        feed(
          'Forum',
          '/forum',
          '/feeds/forum.xml',
          (await newestPublicThreads(db, { limit: feedLength })).map(threadEntry),
        ),
      );
    },

    /** `reviews.xml` → the feed of the category `reviews`; unknown and archived ones are 404. */
    async category(file: string): Promise<string> {
      const slug = /^(.+)\.xml$/.exec(file)?.[1];
      const categories = await cache.remember('data:categories', () => listPublicCategories(db));
      const category = categories.find((each) => each.slug === slug);
      if (!category) throw notFound('Feed');
      const selfPath = `/feeds/forum/${encodeURIComponent(category.slug)}.xml`;
      return cache.remember(selfPath, async () =>
        feed(
          `Forum · ${category.name}`,
          `/forum?category=${encodeURIComponent(category.slug)}`,
          selfPath,
          (await newestPublicThreads(db, { categoryId: category.id, limit: feedLength })).map(
            threadEntry,
          ),
        ),
      );
    },
  };
}
