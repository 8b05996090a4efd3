import { authorSelection } from '../../../core/author.js';
import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import { newsCategorySlug } from '../../../../shared/forum.js';
import type { Db } from '../../../platform/db/database.js';
import { users } from '../../../core/schema.js';
import { categories, posts } from '../schema.js';

/**
 * What search engines and feed readers may read of the forum: the threads the forum's own list
 * shows a visitor. Neither deleted nor hidden, and not a news article's discussion thread (its
 * replies are read beside the article, decision 013). Threads of another archived category
 * stay, as they stay in the list; a blocked author's threads stay too, as the forum shows them.
 */
const publicThread = () =>
  sql`${posts.deletedAt} is null and ${posts.hiddenAt} is null and ${posts.categoryId} not in (select id from categories where slug = ${newsCategorySlug})`;

/** A thread changes when it is replied to (last activity) or edited. */
const lastChange = () => sql<Date>`greatest(${posts.lastActivityAt}, ${posts.editedAt})`;

/**
 * The public threads in pages of `pageSize` by id: each page's first and last id and its
 * latest change, in one pass over the threads (a page then reads its own id range).
 */
export function publicThreadPages(db: Db, pageSize: number) {
  const numbered = db
    .select({
      id: posts.id,
      lastmod: lastChange().as('lastmod'),
      page: sql<number>`(row_number() over (order by ${posts.id}) - 1) / ${pageSize}::integer`.as(
        'page',
      ),
    })
    .from(posts)
    .where(publicThread())
    .as('numbered');
  return db
    .select({
      first: sql<number>`min(${numbered.id})`.mapWith(Number),
      last: sql<number>`max(${numbered.id})`.mapWith(Number),
      lastmod: sql<Date>`max(${numbered.lastmod})`.mapWith(posts.lastActivityAt),
    })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
}

/** Public threads of the id range `first`..`last` past `after`, in id order (the primary key). */
export function publicThreadsInRange(
  db: Db,
  range: { first: number; last: number; after?: number | undefined; limit: number },
) {
  const conditions: SQL[] = [publicThread(), gte(posts.id, range.first), lte(posts.id, range.last)];
  if (range.after !== undefined) conditions.push(gt(posts.id, range.after));
  return db
    .select({ id: posts.id, lastmod: lastChange().mapWith(posts.lastActivityAt) })
    .from(posts)
    .where(and(...conditions))
    .orderBy(asc(posts.id))
    .limit(range.limit);
}

/** The latest activity among a category's public threads, from the head of its list's index. */
function latestActivityIn(pinned: boolean) {
  return sql`(select ${posts.lastActivityAt} from ${posts}
    where ${posts.categoryId} = ${categories.id} and ${posts.pinned} = ${sql.raw(String(pinned))}
      and ${posts.deletedAt} is null and ${posts.hiddenAt} is null
    order by ${posts.pinned} desc, ${posts.lastActivityAt} desc, ${posts.id} desc limit 1)`;
}

/**
 * The categories offered as the list's filter (not archived), in their order, each with the
 * latest activity of its threads (null while it has none).
 */
export function listPublicCategories(db: Db) {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      lastActivityAt:
        sql<Date | null>`greatest(${latestActivityIn(true)}, ${latestActivityIn(false)})`.mapWith(
          posts.lastActivityAt,
        ),
    })
    .from(categories)
    .where(sql`${categories.archivedAt} is null`)
    .orderBy(asc(categories.position), asc(categories.id));
}

const feedColumns = {
  id: posts.id,
  title: posts.title,
  bodyHtml: posts.bodyHtml,
  createdAt: posts.createdAt,
  lastmod: lastChange().mapWith(posts.lastActivityAt),
  category: { slug: categories.slug, name: categories.name },
  author: authorSelection,
};

/**
 * The newest public threads (of one category, or of the whole list), newest first. Pinned and
 * unpinned threads are read apart, each from the head of the list's `newest` index (which
 * puts pinned threads first), and merged here.
 */
export async function newestPublicThreads(
  db: Db,
  options: { categoryId?: number | undefined; limit: number },
) {
  const read = (pinned: boolean) =>
    db
      .select(feedColumns)
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(
        and(
          publicThread(),
          eq(posts.pinned, pinned),
          options.categoryId === undefined ? undefined : eq(posts.categoryId, options.categoryId),
        ),
      )
      .orderBy(desc(posts.pinned), desc(posts.createdAt), desc(posts.id))
      .limit(options.limit);
  const [pinned, unpinned] = await Promise.all([read(true), read(false)]);
  return [...pinned, ...unpinned]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, options.limit);
}

export type PublicThreadRow = Awaited<ReturnType<typeof newestPublicThreads>>[number];
