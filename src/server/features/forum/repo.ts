import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AuthorColumns } from '../../core/author.js';
import { cursorTime } from '../../core/cursor.js';
import { replyBlockers, type PostSort, type ReplyBlocker } from '../../../shared/forum.js';
import type { CommentRow } from './presenter.js';
import { eventMemberIds, notifyLaterFrom } from '../../core/notify.js';
import { replyPosted } from './notify-events.js';

/**
 * The forum's list queries. Each is one statement whose WHERE and ORDER BY match an index of
 * schema.ts exactly (explain.test.ts runs EXPLAIN on these very builders): visible rows only
 * (`deleted_at is null and hidden_at is null`, the partial indexes' predicate) and the keyset
 * condition written as a row comparison in the index's column order, so a deep page starts
 * where the last one ended instead of counting past every row before it.
 *
 * A page's rows are picked from one table in a subquery that walks its index and stops after
 * `limit` rows; only those rows then look up their author (and category, quoted reply), one
 * index lookup each in a `limit 1` lateral subquery. Flattened into plain joins, the planner
 * may hash-join a page against the whole users table instead.
 *
 * read-repo.ts prepares each shape of query once: values are placeholders then, except the row
 * limit, written as a literal from a few sizes, because PostgreSQL cannot cost a plan whose
 * LIMIT is a parameter and would re-plan the statement on every run.
 */

/** A value, or a placeholder filled in when a prepared statement runs. */
export type Param<T> = T | Placeholder;

/** Rows a page query may read: one more than a page size, so 2 to 51. */
function rowLimit(limit: number): SQL {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error(`bad limit ${limit}`);
  return sql.raw(String(limit));
}

const sortColumn = {
  latest: sql.raw('last_activity_at'),
  newest: sql.raw('created_at'),
  top: sql.raw('reaction_count'),
} as const;

export interface PostListFilter {
  sort: PostSort;
  categoryId?: Param<number> | undefined;
  tag?: Param<string> | undefined;
  /** A username, lower case as stored. */
  author?: Param<string> | undefined;
  /**
   * A category left out when no category is chosen: the archived `news` category, whose
   * threads are news articles' comments, read beside their article.
   */
  excludeCategoryId?: Param<number> | undefined;
  /** The last row of the previous page: its sort key (a timestamp text or likes) and id. */
  after?: { pinned: boolean; key: Param<string | number>; id: Param<number> } | undefined;
  /**
   * A member's "New": threads with replies since they last read them, and threads of the last
   * fortnight by others that they never opened.
   */
  unreadBy?: Param<string> | undefined;
  /** Rows to read: one more than the page, to know whether another page follows. */
  limit: number;
}

/** A row of postListQuery (bigints arrive as strings from node-postgres, numbers from PGlite). */
export interface PostListRow extends AuthorColumns {
  id: number | string;
  title: string;
  tags: string[];
  film_title: string | null;
  rating: number | null;
  pinned: boolean;
  locked: boolean;
  reply_count: number;
  reaction_count: number;
  view_count: number;
  last_activity_at: string | Date;
  created_at: string | Date;
  cursor_key: string;
  category_id: number;
  category_slug: string;
  category_name: string;
}

export function postListQuery(filter: PostListFilter): SQL {
  const key = sortColumn[filter.sort];
  const conditions: SQL[] = [sql`deleted_at is null and hidden_at is null`];
  if (filter.categoryId !== undefined) conditions.push(sql`category_id = ${filter.categoryId}`);
  else if (filter.excludeCategoryId !== undefined) {
    conditions.push(sql`category_id <> ${filter.excludeCategoryId}`);
  }
  if (filter.tag !== undefined) conditions.push(sql`tags @> array[${filter.tag}]::text[]`);
  if (filter.unreadBy !== undefined) {
    // Which threads the member opened is one set, hashed once per query; only those threads
    // look up how far the member read. The others are new when a fortnight old at most and by
    // someone else: the index carries both (schema.ts posts_latest_idx), so the walk past the
    // many recently active threads they never opened reads neither thread rows nor their reads.
    const member = filter.unreadBy;
    conditions.push(sql`case
      when posts.id in (select r.post_id from thread_reads r where r.user_id = ${member})
      then (select r.read_count < posts.reply_count from thread_reads r
        where r.user_id = ${member} and r.post_id = posts.id)
      else created_at > now() - interval '14 days' and author_id <> ${member}
      end`);
  }
  if (filter.author !== undefined) {
    conditions.push(sql`author_id = (select id from users where username = ${filter.author})`);
  }
  const after = filter.after;
  if (after) {
    const keyValue =
      filter.sort === 'top' ? sql`${after.key}::integer` : sql`${after.key}::timestamptz`;
    // Past an unpinned row only unpinned rows follow, so `pinned = false` plus a two-column
    // comparison says the same as the three-column one, and lets the planner estimate how many
    // rows lie past the cursor (it judges a row comparison by its first column alone, which for
    // `pinned` means "almost none", and then picks an index that only looks cheap).
    conditions.push(
      after.pinned
        ? sql`(pinned, ${key}, id) < (true, ${keyValue}, ${after.id}::bigint)`
        : sql`pinned = false and (${key}, id) < (${keyValue}, ${after.id}::bigint)`,
    );
  }
  const cursorKey = filter.sort === 'top' ? sql`''` : cursorTime(sql`posts.${key}`);
  // The page's ids first, from the index alone where it can (the whole forum's orders carry the
  // category and tags, schema.ts), then each thread's row by its id.
  return sql`select page.*,
      category.id as category_id, category.slug as category_slug, category.name as category_name,
      author.id as author_id, author.name as author_name, author.username as author_username,
      author.display_username as author_display_username, author.image as author_image,
      author.role as author_role, author.deleted_at as author_deleted_at,
      coalesce((select v.views from thread_views v where v.post_id = page.id), 0) as view_count
    from (
      select posts.id, title, tags, film_title, rating, pinned, locked, reply_count,
        reaction_count, last_activity_at, created_at, author_id as author,
        category_id as category, ${cursorKey} as cursor_key
      from (
        select id from posts
        where ${sql.join(conditions, sql` and `)}
        order by pinned desc, ${key} desc, id desc
        limit ${rowLimit(filter.limit)}
      ) ids
      join posts on posts.id = ids.id
    ) page
    cross join lateral (
      select id, name, username, display_username, image, role, deleted_at
      from users where users.id = page.author limit 1
    ) author
    cross join lateral (
      select id, slug, name from categories where categories.id = page.category limit 1
    ) category
    order by page.pinned desc, page.${key} desc, page.id desc`;
}

/** Columns of a comment with its author and the reply it quotes (presenter.ts `CommentRow`). */
function commentFields(viewerId: Param<string> | null): SQL {
  const reacted = viewerId
    ? sql`exists (select 1 from comment_reactions cr where cr.comment_id = c.id and cr.user_id = ${viewerId})`
    : sql`false`;
  return sql`c.id, c.post_id, c.author_id, c.body_source, c.body_html, c.reaction_count,
    c.created_at, c.edited_at, c.hidden_at, c.deleted_at, ${reacted} as reacted,
    u.author_name, u.author_username, u.author_display_username, u.author_image, u.author_role,
    u.author_deleted_at, r.reply_id, r.reply_source, r.reply_gone, r.reply_author_id,
    r.reply_author_name, r.reply_author_deleted_at`;
}

/** Each comment's author and quoted reply: one index lookup each. */
const commentLookups = sql`cross join lateral (
    select name as author_name, username as author_username,
      display_username as author_display_username, image as author_image, role as author_role,
      deleted_at as author_deleted_at
    from users where users.id = c.author_id limit 1
  ) u
  left join lateral (
    select r.id as reply_id, left(r.body_source, 600) as reply_source,
      (r.deleted_at is not null or r.hidden_at is not null) as reply_gone,
      ru.id as reply_author_id, ru.name as reply_author_name,
      ru.deleted_at as reply_author_deleted_at
    from comments r join users ru on ru.id = r.author_id
    where r.id = c.reply_to_id limit 1
  ) r on true`;

export interface NewReply {
  postId: number;
  authorId: string;
  replyToId: number | null;
  bodySource: string;
  bodyHtml: string;
  /** Whether the author may answer a hidden reply (moderators). */
  mayQuoteHidden: boolean;
  /** The members the reply mentions: its notification job names them. */
  mentioned: readonly string[];
}

/** What `insertReplyQuery` answers: the thread's and the quoted reply's state, and the reply. */
export interface InsertedReplyRow extends Partial<CommentRow> {
  target_locked: boolean | null;
  target_hidden_at: string | Date | null;
  target_deleted_at: string | Date | null;
  quoted_post_id: number | string | null;
  quoted_hidden_at: string | Date | null;
  quoted_deleted_at: string | Date | null;
  /** The thread's replies once this one was counted; null when none was written. */
  thread_total: number | null;
}

/**
 * Each of shared/forum.ts's `replyBlockers` as the SQL saying it does not hold of a thread row:
 * the `Record` makes a new blocker fail to compile until it has its SQL here too.
 */
const blockerAbsent: Record<ReplyBlocker, (thread: SQL) => SQL> = {
  deleted: (thread) => sql`${thread}.deleted_at is null`,
  hidden: (thread) => sql`${thread}.hidden_at is null`,
  locked: (thread) => sql`not ${thread}.locked`,
};

/**
 * "This thread takes replies" (shared/forum.ts `takesReplies`) as a condition on the posts row
 * named `thread`: what the reply's insert checks atomically.
 */
export function takesRepliesSql(thread: SQL): SQL {
  return sql.join(
    replyBlockers.map((blocker) => blockerAbsent[blocker](thread)),
    sql` and `,
  );
}

/**
 * A reply in ONE statement: the thread locked and checked (`takesRepliesSql`), the
 * quoted reply checked (same thread, not deleted, hidden only for moderators), the reply
 * inserted, the thread's count and activity bumped, and its notification job written, all
 * or nothing; the answer carries the reply as a page shows it, the thread's new count, and the
 * states the caller needs to say why nothing was written. On PGlite every statement waits its turn on the server's
 * one thread: one statement instead of a transaction of six.
 */
export function insertReplyQuery(reply: NewReply): SQL {
  const mentioned = JSON.stringify(eventMemberIds.parse(reply.mentioned));
  const replyToId = sql`${reply.replyToId}::bigint`;
  return sql`with target as (
      select id, locked, hidden_at, deleted_at from posts where id = ${reply.postId} for update
    ), quoted as (
      select post_id, hidden_at, deleted_at from comments where id = ${replyToId}
    ), allowed as (
      select t.id from target t
      where ${takesRepliesSql(sql.raw('t'))}
        and (${replyToId} is null or exists (
          select 1 from quoted q where q.post_id = t.id and q.deleted_at is null
            and (q.hidden_at is null or ${reply.mayQuoteHidden})))
    ), inserted as (
      insert into comments (post_id, author_id, reply_to_id, body_source, body_html)
      select id, ${reply.authorId}, ${replyToId}, ${reply.bodySource}, ${reply.bodyHtml}
      from allowed
      returning *
    ), bumped as (
      update posts set reply_count = posts.reply_count + 1, last_activity_at = now()
      from inserted where posts.id = inserted.post_id
      returning posts.reply_count
    ), notified as (
      ${notifyLaterFrom(
        replyPosted,
        sql`jsonb_build_object('commentId', id, 'mentioned', ${mentioned}::jsonb)`,
        sql`inserted`,
      )}
    )
    select t.locked as target_locked, t.hidden_at as target_hidden_at,
      t.deleted_at as target_deleted_at, q.post_id as quoted_post_id,
      q.hidden_at as quoted_hidden_at, q.deleted_at as quoted_deleted_at,
      (select reply_count from bumped) as thread_total, page.*
    from (select 1) one
    left join target t on true
    left join quoted q on true
    left join lateral (
      select ${commentFields(null)} from inserted c ${commentLookups}
    ) page on true`;
}

export interface CommentPageFilter {
  postId: Param<number>;
  afterId: Param<number>;
  limit: number;
  /** Whose likes `reacted` tells; null: false on every row. */
  viewerId: Param<string> | null;
}

/**
 * A page of a thread's replies in time (id) order, with the thread's own state and reply count
 * in the same round trip: the thread row drives a lateral join over `comments_post_idx`, so an
 * empty page still tells a missing thread from a quiet one. Hidden and deleted replies are read
 * too (the service shows each viewer what they may see), and the viewer's likes.
 */
export function commentPageQuery(filter: CommentPageFilter): SQL {
  return sql`select p.reply_count as total, p.hidden_at is not null as post_hidden,
      p.deleted_at is not null as post_deleted, page.*
    from posts p
    left join lateral (
      select ${commentFields(filter.viewerId)}
      from (
        select * from comments c
        where c.post_id = p.id and c.id > ${filter.afterId}
        order by c.id
        limit ${rowLimit(filter.limit)}
      ) c
      ${commentLookups}
    ) page on true
    where p.id = ${filter.postId}
    order by page.id`;
}

/** Which of these replies (ids as a `{1,2,3}` array literal) the viewer liked. */
export function viewerReactionsQuery(viewerId: Param<string>, ids: Param<string>): SQL {
  return sql`select comment_id from comment_reactions
    where user_id = ${viewerId} and comment_id = any(${ids}::bigint[])`;
}

export function commentByIdQuery(id: number, viewerId: string | null): SQL {
  return sql`select ${commentFields(viewerId)} from comments c ${commentLookups} where c.id = ${id}`;
}

export interface AuthorCommentFilter {
  /** A username, lower case as stored. */
  author: Param<string>;
  after?: { createdAt: Param<string>; id: Param<number> } | undefined;
  limit: number;
}

export interface AuthorCommentRow {
  id: number | string;
  body_html: string;
  created_at: string | Date;
  cursor_key: string;
  post_id: number | string;
  post_title: string;
}

/** A profile's replies, newest first, only where both the reply and its thread are visible. */
export function authorCommentsQuery(filter: AuthorCommentFilter): SQL {
  const after = filter.after
    ? sql`and (c.created_at, c.id) < (${filter.after.createdAt}::timestamptz, ${filter.after.id}::bigint)`
    : sql``;
  return sql`select c.id, c.body_html, c.created_at, ${cursorTime(sql`c.created_at`)} as cursor_key,
      p.id as post_id, p.title as post_title
    from comments c
    join posts p on p.id = c.post_id
    where c.author_id = (select id from users where username = ${filter.author})
      and c.deleted_at is null and c.hidden_at is null
      and p.deleted_at is null and p.hidden_at is null ${after}
    order by c.created_at desc, c.id desc
    limit ${rowLimit(filter.limit)}`;
}
