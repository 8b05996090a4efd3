import { authorSelection } from '../../core/author.js';
import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { posts } from '../forum/schema.js';
import { newsArticles } from './schema.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import {
  cursorRowId as rowId,
  cursorTime,
  cursorTimestamp as timestamp,
  decodeCursor as decode,
  encodeCursor as encode,
} from '../../core/cursor.js';

/**
 * News reads and writes. An article is public once published, or scheduled with its time
 * passed: `status in ('published', 'scheduled')` is the predicate of news_public_idx, and
 * `publish_at <= now()` makes a scheduled article appear by itself, with no timer. Published
 * articles always hold a past publish time (service.ts), so one condition serves both.
 */
export const publicArticle = (article: { status: SQL | AnyColumn; publishAt: SQL | AnyColumn }) =>
  sql<boolean>`(${article.status} in ('published', 'scheduled') and ${article.publishAt} <= now())`;
export const isPublic = publicArticle(newsArticles);

/** What a list shows of an article: no body; comments counted on its discussion thread. */
const summaryColumns = {
  id: newsArticles.id,
  title: newsArticles.title,
  summary: newsArticles.summary,
  coverUploadId: newsArticles.coverUploadId,
  coverAlt: newsArticles.coverAlt,
  status: newsArticles.status,
  featured: newsArticles.featured,
  publishAt: newsArticles.publishAt,
  createdAt: newsArticles.createdAt,
  updatedAt: newsArticles.updatedAt,
  visible: isPublic,
  commentCount: sql<number>`coalesce(${posts.replyCount}, 0)`,
  discussionPostId: newsArticles.discussionPostId,
  author: authorSelection,
};

const articleColumns = {
  ...summaryColumns,
  bodyHtml: newsArticles.bodyHtml,
  bodySource: newsArticles.bodySource,
  discussionHiddenAt: posts.hiddenAt,
  discussionHiddenReason: posts.hiddenReason,
};

/** Every read joins the author and the discussion thread (for its reply count). */
const joinAuthor = eq(users.id, newsArticles.authorId);
const joinDiscussion = eq(posts.id, newsArticles.discussionPostId);

export type NewsSummaryRow = Awaited<ReturnType<typeof publicPageQuery>>[number];
export type NewsArticleRow = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

export async function findArticle(db: DbOrTx, id: number) {
  const [row] = await db
    .select(articleColumns)
    .from(newsArticles)
    .innerJoin(users, joinAuthor)
    .leftJoin(posts, joinDiscussion)
    .where(eq(newsArticles.id, id));
  return row;
}

/** The article row itself, locked until the transaction ends. */
export async function lockArticle(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ article: newsArticles, visible: isPublic })
    .from(newsArticles)
    .where(eq(newsArticles.id, id))
    .for('update');
  return row;
}

export interface PageQuery {
  cursor?: string | undefined;
  limit: number;
}

/** Public articles: featured first, then the newest publish time (news_public_idx). */
export function publicPageQuery(db: Db, query: PageQuery) {
  const conditions: SQL[] = [isPublic];
  if (query.cursor) {
    const [featured, key, id] = decode(query.cursor, z.tuple([z.boolean(), timestamp, rowId]));
    // Past a plain article only plain ones follow: the same comparison as the forum's pinned.
    conditions.push(
      featured
        ? sql`(${newsArticles.featured}, ${newsArticles.publishAt}, ${newsArticles.id}) < (true, ${key}::timestamptz, ${id}::bigint)`
        : sql`${newsArticles.featured} = false and (${newsArticles.publishAt}, ${newsArticles.id}) < (${key}::timestamptz, ${id}::bigint)`,
    );
  }
  return db
    .select({ ...summaryColumns, cursorKey: cursorTime(sql`${newsArticles.publishAt}`) })
    .from(newsArticles)
    .innerJoin(users, joinAuthor)
    .leftJoin(posts, joinDiscussion)
    .where(and(...conditions))
    .orderBy(desc(newsArticles.featured), desc(newsArticles.publishAt), desc(newsArticles.id))
    .limit(query.limit + 1);
}

export async function listPublic(db: Db, query: PageQuery) {
  const rows = await publicPageQuery(db, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > query.limit && last
        ? encode([last.featured, last.cursorKey, Number(last.id)])
        : null,
  };
}

/** Every article whatever its status, newest first (news_all_idx), for the admins' list. */
export function allPageQuery(db: Db, query: PageQuery) {
  const conditions: SQL[] = [];
  if (query.cursor) {
    const [key, id] = decode(query.cursor, z.tuple([timestamp, rowId]));
    conditions.push(
      sql`(${newsArticles.createdAt}, ${newsArticles.id}) < (${key}::timestamptz, ${id}::bigint)`,
    );
  }
  return db
    .select({ ...summaryColumns, cursorKey: cursorTime(newsArticles.createdAt) })
    .from(newsArticles)
    .innerJoin(users, joinAuthor)
    .leftJoin(posts, joinDiscussion)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(newsArticles.createdAt), desc(newsArticles.id))
    .limit(query.limit + 1);
}

export async function listAll(db: Db, query: PageQuery) {
  const rows = await allPageQuery(db, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > query.limit && last ? encode([last.cursorKey, Number(last.id)]) : null,
  };
}

export type ArticleRow = typeof newsArticles.$inferSelect;

export async function insertArticle(tx: Tx, values: typeof newsArticles.$inferInsert) {
  const [row] = await tx.insert(newsArticles).values(values).returning();
  return row;
}

/** An edit, stamped now; answers the article as stored and whether it is public. */
export async function updateArticle(
  tx: Tx,
  id: number,
  values: Partial<typeof newsArticles.$inferInsert>,
) {
  const [row] = await tx
    .update(newsArticles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(newsArticles.id, id))
    .returning({ article: newsArticles, visible: isPublic });
  return row;
}

export async function deleteArticle(tx: Tx, id: number): Promise<void> {
  await tx.delete(newsArticles).where(eq(newsArticles.id, id));
}

/** The forum thread that carries the article's comments. */
export async function setDiscussionThread(
  tx: DbOrTx,
  articleId: number,
  postId: number,
): Promise<void> {
  await tx
    .update(newsArticles)
    .set({ discussionPostId: postId })
    .where(eq(newsArticles.id, articleId));
}
