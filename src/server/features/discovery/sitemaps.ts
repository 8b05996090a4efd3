import { notFound } from '../../../shared/errors.js';
import { siteRoutes } from '../../../shared/routes.js';
import { filmPath } from '../../../shared/films.js';
import type { Db } from '../../platform/db/database.js';
import { publicFilmPages, publicFilmsInRange } from '../films/index.js';
import { listPublicCategories, publicThreadPages, publicThreadsInRange } from '../forum/index.js';
import { publicArticlePages, publicArticlesInRange } from '../news/index.js';
import { publicProfilePages, publicProfilesInRange } from '../profiles/index.js';
import type { DocumentCache } from './document-cache.js';
import {
  sitemapIndex,
  urlEntries,
  urlsetEnd,
  urlsetStart,
  type SitemapUrl,
} from './sitemap-xml.js';
import { latest } from './xml.js';

/**
 * The sitemap index (/sitemap.xml) and its pages: /sitemaps/pages.xml (the public pages of
 * the route table and the forum's categories) and numbered pages of threads, news articles,
 * profiles and films (those with a visible review, dated by their latest). A numbered page is a
 * range of ids holding `pageSize` public rows, found in one pass over them; it streams out while
 * its rows are read in `batchSize` batches, each starting past the last id of the one before
 * (never an OFFSET).
 */

interface PathUrl {
  path: string;
  lastmod: Date;
}

/** One numbered sitemap page: when its newest row changed, and its URLs batch by batch. */
interface SitemapPage {
  lastmod: Date;
  batches(batchSize: number): AsyncGenerator<PathUrl[]>;
}

/** Numbered pages over a listing read in id ranges; `K` is its id (a number or an account id). */
function rangePages<K, R extends { id: K; lastmod: Date }>(listing: {
  ranges: (pageSize: number) => PromiseLike<{ first: K; last: K; lastmod: Date }[]>;
  rows: (range: { first: K; last: K; after?: K | undefined; limit: number }) => PromiseLike<R[]>;
  path: (row: R) => string;
}) {
  return async (pageSize: number): Promise<SitemapPage[]> =>
    (await listing.ranges(pageSize)).map(({ first, last, lastmod }) => ({
      lastmod,
      async *batches(batchSize: number) {
        let after: K | undefined;
        for (;;) {
          const rows = await listing.rows({ first, last, after, limit: batchSize });
          yield rows.map((row) => ({ path: listing.path(row), lastmod: row.lastmod }));
          const tail = rows.at(-1);
          if (rows.length < batchSize || tail === undefined || tail.id === last) return;
          after = tail.id;
        }
      },
    }));
}

function listings(db: Db) {
  return {
    threads: rangePages({
      ranges: (size) => publicThreadPages(db, size),
      rows: (range) => publicThreadsInRange(db, range),
      path: (row) => `/forum/post/${row.id}`,
    }),
    news: rangePages({
      ranges: (size) => publicArticlePages(db, size),
      rows: (range) => publicArticlesInRange(db, range),
      path: (row) => `/news/${row.id}`,
    }),
    profiles: rangePages({
      ranges: (size) => publicProfilePages(db, size),
      rows: (range) => publicProfilesInRange(db, range),
      path: (row) => `/u/${encodeURIComponent(row.username)}`,
    }),
    films: rangePages({
      ranges: (size) => publicFilmPages(db, size),
      rows: (range) => publicFilmsInRange(db, range),
      path: (row) => filmPath(row),
    }),
  };
}

type Listing = keyof ReturnType<typeof listings>;
const listingNames: readonly Listing[] = ['threads', 'news', 'profiles', 'films'];

/** `threads-3.xml` → threads, page 3; anything else (0, 03, -1, abc) names no page. */
function parsePageFile(file: string): { listing: Listing; number: number } | undefined {
  const match = /^([a-z]+)-([1-9][0-9]{0,8})\.xml$/.exec(file);
  const listing = listingNames.find((name) => name === match?.[1]);
  return listing && match?.[2] ? { listing, number: Number(match[2]) } : undefined;
}

export function createSitemapService(options: {
  db: Db;
  origin: string;
  pageSize: number;
  batchSize: number;
  cache: DocumentCache;
  /** Static pages change with a deploy: they are at least this new. */
  startedAt: Date;
}) {
  const { db, origin, cache } = options;
  const pagesOf = listings(db);
  const pages = (listing: Listing) =>
    cache.remember(`data:pages ${listing}`, () => pagesOf[listing](options.pageSize));
  const categories = () => cache.remember('data:categories', () => listPublicCategories(db));
  const newest = (list: SitemapPage[]) => latest(...list.map((page) => page.lastmod));

  /** The static public pages and the category filters of the forum list. */
  const staticUrls = () =>
    cache.remember('data:static urls', async (): Promise<SitemapUrl[]> => {
      const [threads, news, films, forumCategories] = await Promise.all([
        pages('threads'),
        pages('news'),
        pages('films'),
        categories(),
      ]);
      const forum = newest(threads);
      const newsChange = newest(news);
      const changedAt: Record<string, Date | undefined> = {
        '/': latest(forum, newsChange),
        '/forum': forum,
        '/news': newsChange,
        '/films': newest(films),
      };
      return [
        ...siteRoutes
          .filter((route) => route.inSitemap)
          .map((route) => ({ loc: origin + route.path, lastmod: changedAt[route.path] })),
        ...forumCategories.map((category) => ({
          loc: `${origin}/forum?category=${encodeURIComponent(category.slug)}`,
          lastmod: category.lastActivityAt,
        })),
      ];
    });

  return {
    index(): Promise<string> {
      return cache.remember('/sitemap.xml', async () => {
        const urls = await staticUrls();
        const entries = [
          {
            loc: `${origin}/sitemaps/pages.xml`,
            lastmod:
              latest(options.startedAt, ...urls.map((url) => url.lastmod)) ?? options.startedAt,
          },
        ];
        for (const listing of listingNames) {
          (await pages(listing)).forEach((page, index) =>
            entries.push({
              loc: `${origin}/sitemaps/${listing}-${index + 1}.xml`,
              lastmod: page.lastmod,
            }),
          );
        }
        return sitemapIndex(entries);
      });
    },

    /** A page named in the index: the whole document, or its parts as they are read. */
    async page(file: string): Promise<string | AsyncGenerator<string>> {
      const key = `/sitemaps/${file}`;
      const kept = cache.peek(key);
      if (kept) return kept;
      if (file === 'pages.xml') {
        return cache.remember(key, async () => {
          const urls = await staticUrls();
          return urlsetStart + urlEntries(urls) + urlsetEnd;
        });
      }
      const named = parsePageFile(file);
      const page = named && (await pages(named.listing))[named.number - 1];
      if (!page) throw notFound('Sitemap');
      return cache.streamed(key, urlset(page.batches(options.batchSize)));
    },
  };

  async function* urlset(batches: AsyncGenerator<PathUrl[]>): AsyncGenerator<string> {
    let part = urlsetStart;
    for await (const batch of batches) {
      yield (
        part + urlEntries(batch.map((url) => ({ loc: origin + url.path, lastmod: url.lastmod })))
      );
      part = '';
    }
    yield urlsetEnd;
  }
}
