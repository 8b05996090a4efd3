import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { PostSort } from '../../../shared/forum.js';
import { forgetEverywhere } from '../../core/memo.js';
import type { Bus } from '../../platform/bus/bus.js';
import type { Db } from '../../platform/db/database.js';
import { postReactions } from './schema.js';
import { postDetailQuery } from './threads/repo.js';
import type { CommentRow } from './presenter.js';
import {
  authorCommentsQuery,
  commentPageQuery,
  postListQuery,
  type AuthorCommentRow,
  type PostListFilter,
  type PostListRow,
  viewerReactionsQuery,
} from './repo.js';

/**
 * The hot reads as prepared statements. Building a Drizzle query and planning it in PostgreSQL
 * cost more than running it (about 2 ms and 1 ms against a 0.2 ms index walk here), so each
 * shape of query (sort, which filters, cursor or not, signed in or not, row limit) is built
 * once with placeholders and prepared on each connection on first use; a request only sends
 * its values.
 */

export interface CommentPageRow extends CommentRow {
  total: number;
  post_hidden: boolean;
  post_deleted: boolean;
}

const p = sql.placeholder;
const dialect = new PgDialect();

/**
 * Rows to read for a page of `wanted` rows: one of a few sizes, so a handful of statements
 * serve every page size (the limit is part of the statement, see repo.ts).
 */
export function readSize(wanted: number): number {
  return [11, 21, 31, 51].find((size) => size >= wanted) ?? wanted;
}

export interface PostListValues {
  sort: PostSort;
  categoryId?: number | undefined;
  tag?: string | undefined;
  author?: string | undefined;
  excludeCategoryId?: number | undefined;
  unreadBy?: string | undefined;
  after?: { pinned: boolean; key: string | number; id: number } | undefined;
  /** Rows wanted: a page and one more. */
  limit: number;
}

/**
 * Bounds of the remembered answers. Each is weighed in rows (a thread 1, a page of 50 replies
 * 51), so that a second of random reply pages, the heaviest answers, holds at most 10,000
 * replies (about 30 MB) however fast they come: counted alone, a thousand pages of replies
 * stayed in memory until pushed out, expired or not, 70 MB under the realistic benchmark.
 * Within the bound the least recently read answer goes first.
 */
const keptAnswers = { max: 1000, maxRows: 10_000 };
const postKey = (id: number) => `post ${id}`;

export function createForumReads(
  db: Db,
  options: {
    listCacheMs: number;
    bus: Bus;
    /** Prefix of the bus channel (test apps sharing one Redis must not share it). */
    namespace?: string;
    /** Told of each lookup of a kept answer, whether it was there. */
    count?: (hit: boolean) => void;
    /** What kept answers age by: `performance.now()` unless a test brings its own clock. */
    clock?: { now(): number };
  },
) {
  const { listCacheMs } = options;
  const cache = new Map<string, unknown>();
  function once<T>(name: string, make: () => T): T {
    let prepared = cache.get(name) as T | undefined;
    if (prepared === undefined) {
      prepared = make();
      cache.set(name, prepared);
    }
    return prepared;
  }

  /** Raw SQL prepared the way the query builder prepares its own (same `{ rows }` result). */
  function prepared<T>(name: string, make: () => SQL) {
    const statement = once(name, () =>
      db._.session.prepareQuery(dialect.sqlToQuery(make()), undefined, name, false),
    );
    return async (values: Record<string, unknown>) =>
      ((await statement.execute(values)) as { rows: T[] }).rows;
  }

  /*
   * Thread lists are the same for every viewer and the hottest read of the site, so each one is
   * kept (FORUM_LIST_CACHE_MS, 10 s by default) as the JSON it is answered with; so are a
   * thread and its pages of replies. Every successful write forgets them all at once (forum.ts)
   * before it answers, here and, through the bus, in every other process, so a writer always
   * sees their change and a reader anywhere sees it as soon as the message arrives. The time
   * bounds only what no write of the app made (a change straight in the database, a lost
   * message).
   */
  const lists = new LRUCache<string, Promise<unknown>>({
    max: keptAnswers.max,
    maxSize: keptAnswers.maxRows,
    ttl: Math.max(listCacheMs, 1),
    ...(options.clock ? { perf: options.clock } : {}),
  });

  /**
   * A read that is the same for every viewer but their likes, kept like a list. Not kept:
   * `read()` answers with this viewer's likes in one query and is kept with nobody's. Kept:
   * `addLikes` puts this viewer's on the kept rows.
   */
  async function keptWithLikes<T extends { reacted: boolean }>(
    key: string,
    rows: number,
    read: () => Promise<T[]>,
    addLikes: (rows: T[]) => Promise<T[]>,
  ): Promise<T[]> {
    const kept = reads.recall<T[]>(key);
    if (kept) return addLikes(await kept);
    const fresh = read();
    reads.keep(
      key,
      fresh.then((found) => found.map((row) => (row.reacted ? { ...row, reacted: false } : row))),
      rows,
    );
    return fresh;
  }

  const everywhere = forgetEverywhere(
    options.bus,
    `${options.namespace ?? ''}forum:answers-changed`,
    () => lists.clear(),
  );

  const reads = {
    /**
     * Forgets everything remembered, here at once and in the other processes as soon as the
     * bus delivers (after a write that may change any of it).
     */
    forgetLists: () => everywhere.forget(),

    /** Settles once the other processes' messages are heard. */
    listening: everywhere.listening,

    /** Stops listening to the other processes. */
    close: () => everywhere.close(),

    /** Forgets these remembered threads (their view counts were just written). */
    forgetThreads(ids: readonly number[]): void {
      for (const id of ids) lists.delete(postKey(id));
    },

    /** The answer remembered under `key`, while it is fresh. */
    recall<T>(key: string): Promise<T> | undefined {
      const kept = lists.get(key) as Promise<T> | undefined;
      options.count?.(kept !== undefined);
      return kept;
    },

    /**
     * Remembers an answer of about `rows` rows for `listCacheMs` under `key`; a failed read is
     * not kept.
     */
    keep<T>(key: string, value: Promise<T>, rows: number): void {
      if (listCacheMs === 0) return;
      lists.set(key, value, { size: Math.max(1, Math.min(rows, keptAnswers.maxRows)) });
      value.catch(() => {
        if (lists.peek(key) === value) lists.delete(key);
      });
    },

    /** A list answer of about `rows` rows, kept like any; a failed read is not kept. */
    rememberList<T>(key: string, rows: number, read: () => Promise<T>): Promise<T> {
      const hit = reads.recall<T>(key);
      if (hit) return hit;
      const value = read();
      reads.keep(key, value, rows);
      return value;
    },

    readPosts(values: PostListValues): Promise<PostListRow[]> {
      const size = readSize(values.limit);
      const cursor = values.after ? (values.after.pinned ? 'pinned' : 'after') : 'first';
      const name = [
        'forum_posts',
        values.sort,
        values.categoryId === undefined ? '' : 'category',
        values.tag === undefined ? '' : 'tag',
        values.author === undefined ? '' : 'author',
        values.excludeCategoryId === undefined ? '' : 'exclude',
        values.unreadBy === undefined ? '' : 'new',
        cursor,
        size,
      ].join('_');
      const run = prepared<PostListRow>(name, () => {
        const filter: PostListFilter = { sort: values.sort, limit: size };
        if (values.categoryId !== undefined) filter.categoryId = p('categoryId');
        if (values.tag !== undefined) filter.tag = p('tag');
        if (values.author !== undefined) filter.author = p('author');
        if (values.excludeCategoryId !== undefined) {
          filter.excludeCategoryId = p('excludeCategoryId');
        }
        if (values.unreadBy !== undefined) filter.unreadBy = p('unreadBy');
        if (values.after)
          filter.after = { pinned: values.after.pinned, key: p('key'), id: p('id') };
        return postListQuery(filter);
      });
      return run({
        categoryId: values.categoryId,
        tag: values.tag,
        author: values.author,
        excludeCategoryId: values.excludeCategoryId,
        unreadBy: values.unreadBy,
        key: values.after?.key,
        id: values.after?.id,
      });
    },

    /**
     * One thread, and whether the viewer liked it, in one query. `remember`: the thread page's
     * read, where the thread is kept like a list; a member reading a kept thread pays one
     * primary-key lookup for their like (none when nobody liked it). A write's own answer
     * reads afresh (its change is not forgotten until it is sent).
     */
    async postDetail(id: number, viewerId: string | null, options: { remember: boolean }) {
      const statement = (name: string, withViewer: boolean) =>
        once(name, () =>
          postDetailQuery(db, p('id'), withViewer ? p('viewerId') : null).prepare(name),
        );
      const read = () =>
        viewerId
          ? statement('forum_post_viewer', true).execute({ id, viewerId })
          : statement('forum_post', false).execute({ id });
      if (!options.remember) return read();
      return keptWithLikes(postKey(id), 1, read, async (rows) => {
        // Only a thread someone liked can have been liked by this viewer.
        if (!viewerId || !rows.some((row) => row.reactionCount > 0)) return rows;
        const liked = once('forum_post_liked', () =>
          db
            .select({ postId: postReactions.postId })
            .from(postReactions)
            .where(and(eq(postReactions.postId, p('id')), eq(postReactions.userId, p('viewerId'))))
            .prepare('forum_post_liked'),
        );
        const reacted = (await liked.execute({ id, viewerId })).length > 0;
        return reacted ? rows.map((row) => ({ ...row, reacted })) : rows;
      });
    },

    /**
     * A page of a thread's replies, hidden ones included (the service decides who sees what),
     * with the viewer's likes, in one query. The page is the same for every viewer and kept
     * like a list; a member reading a kept page pays one small indexed query for their likes
     * (none when nobody liked a reply on it).
     */
    async commentPage(values: {
      postId: number;
      afterId: number;
      limit: number;
      viewerId: string | null;
    }): Promise<CommentPageRow[]> {
      const size = readSize(values.limit);
      const page = (withViewer: boolean) =>
        prepared<CommentPageRow>(`forum_comments_${withViewer ? 'viewer_' : ''}${size}`, () =>
          commentPageQuery({
            postId: p('postId'),
            afterId: p('afterId'),
            limit: size,
            viewerId: withViewer ? p('viewerId') : null,
          }),
        );
      const key = `comments ${values.postId} ${values.afterId} ${size}`;
      const { postId, afterId, viewerId } = values;
      const read = () =>
        viewerId ? page(true)({ postId, afterId, viewerId }) : page(false)({ postId, afterId });
      return keptWithLikes(key, size, read, async (rows) => {
        // Only a reply someone liked can have been liked by this viewer.
        const ids = rows.flatMap((row) =>
          row.id !== null && Number(row.reaction_count) > 0 ? [Number(row.id)] : [],
        );
        if (!viewerId || ids.length === 0) return rows;
        const reactedTo = prepared<{ comment_id: string | number }>('forum_comments_reacted', () =>
          viewerReactionsQuery(p('viewerId'), p('ids')),
        );
        const liked = new Set(
          (await reactedTo({ viewerId, ids: `{${ids.join(',')}}` })).map((row) =>
            Number(row.comment_id),
          ),
        );
        if (liked.size === 0) return rows;
        return rows.map((row) => (liked.has(Number(row.id)) ? { ...row, reacted: true } : row));
      });
    },

    authorComments(values: {
      author: string;
      after?: { createdAt: string; id: number } | undefined;
      limit: number;
    }): Promise<AuthorCommentRow[]> {
      const size = readSize(values.limit);
      const name = `forum_author_comments${values.after ? '_after' : ''}_${size}`;
      const run = prepared<AuthorCommentRow>(name, () =>
        authorCommentsQuery({
          author: p('author'),
          after: values.after ? { createdAt: p('createdAt'), id: p('id') } : undefined,
          limit: size,
        }),
      );
      return run({
        author: values.author,
        createdAt: values.after?.createdAt,
        id: values.after?.id,
      });
    },
  };
  return reads;
}

export type ForumReads = ReturnType<typeof createForumReads>;
