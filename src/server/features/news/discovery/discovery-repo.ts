import { authorSelection } from '../../../core/author.js';
import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.js';
import { users } from '../../../core/schema.js';
import { newsArticles } from '../schema.js';
import { isPublic } from '../repo.js';

/**
 * What search engines and feed readers may read of the news: public articles only (published,
 * or scheduled with the time passed; never a draft or an article still to come).
 */

/** An article changes when edited; a scheduled one first appears at its publish time. */
const lastChange = () =>
  sql<Date>`greatest(${newsArticles.updatedAt}, ${newsArticles.publishAt})`.mapWith(
    newsArticles.updatedAt,
  );

/**
 * The public articles in pages of `pageSize` by id: each page's first and last id and its
 * latest change, in one pass (a page then reads its own id range).
 */
export function publicArticlePages(db: Db, pageSize: number) {
  const numbered = db
    .select({
      id: newsArticles.id,
      lastmod: sql`greatest(${newsArticles.updatedAt}, ${newsArticles.publishAt})`.as('lastmod'),
      page: sql<number>`(row_number() over (order by ${newsArticles.id}) - 1) / ${pageSize}::integer`.as(
        'page',
      ),
    })
    .from(newsArticles)
    .where(isPublic)
    .as('numbered');
  return db
    .select({
      first: sql<number>`min(${numbered.id})`.mapWith(Number),
      last: sql<number>`max(${numbered.id})`.mapWith(Number),
      lastmod: sql<Date>`max(${numbered.lastmod})`.mapWith(newsArticles.updatedAt),
    })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
}

/** Public articles of the id range `first`..`last` past `after`, in id order. */
export function publicArticlesInRange(
  db: Db,
  range: { first: number; last: number; after?: number | undefined; limit: number },
) {
  const conditions: SQL[] = [
    isPublic,
    gte(newsArticles.id, range.first),
    lte(newsArticles.id, range.last),
  ];
  if (range.after !== undefined) conditions.push(gt(newsArticles.id, range.after));
  return db
    .select({ id: newsArticles.id, lastmod: lastChange() })
    .from(newsArticles)
    .where(and(...conditions))
    .orderBy(asc(newsArticles.id))
    .limit(range.limit);
}

/** The latest public articles by publish time, with their author. Few: sorted, not indexed. */
export function latestPublicArticles(db: Db, limit: number) {
  return db
    .select({
      id: newsArticles.id,
      title: newsArticles.title,
      bodyHtml: newsArticles.bodyHtml,
      publishAt: sql<Date>`${newsArticles.publishAt}`.mapWith(newsArticles.publishAt),
      lastmod: lastChange(),
      author: authorSelection,
    })
    .from(newsArticles)
    .innerJoin(users, eq(users.id, newsArticles.authorId))
    .where(isPublic)
    .orderBy(desc(newsArticles.publishAt), desc(newsArticles.id))
    .limit(limit);
}

export type PublicArticleRow = Awaited<ReturnType<typeof latestPublicArticles>>[number];
