// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchDocument } from '../../platform/db/columns.js';
import { users } from '../../core/schema.js';
import { films } from '../films/schema.js';

/** Forum categories: seeded by the migration, managed by admins. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  /** Archived categories take no new threads and leave the filter list; their threads stay. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Threads. The rendered HTML is stored beside the Markdown source so reads never re-render.
 * Lists read only visible rows (not deleted, not hidden) through the partial indexes below,
 * one per sort order, each led by `pinned` so pinned threads come first. The migration writes
 * them as plain `DESC` (PostgreSQL's default NULLS FIRST, matching a plain `order by … desc`;
 * every key column is NOT NULL, so the nulls order changes nothing else).
 */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    bodySource: text('body_source').notNull(),
    bodyHtml: text('body_html').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Reviews: the film (decision 058), its title as the review was written or the film renamed. */
    filmId: bigint('film_id', { mode: 'number' }).references(() => films.id),
    filmTitle: text('film_title'),
    rating: smallint('rating'),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    reactionCount: integer('reaction_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * Set by a moderator, or by the third report pending review: hidden threads leave lists and
     * answer 404, except to their author (who sees the reason) and to moderators.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** Soft delete by the author: the thread page shows a tombstone. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchVector: searchDocument(['title', 'A'], ['film_title', 'A'], ['body_source', 'D']),
  },
  (table) => {
    const visible = sql`${table.deletedAt} is null and ${table.hiddenAt} is null`;
    // The whole forum's orders carry the category and the tags after the (unique) id: they
    // order nothing, but a tag's list is then walked in the index alone (an index-only scan
    // that checks both there), where it fetched a thread row for every thread it passed over.
    const filtered = [table.categoryId, table.tags] as const;
    return [
      // The latest order also carries what a member's "New" asks of each thread it passes
      // (repo.ts postListQuery): walked in the index alone, where it fetched a thread row for
      // each of the thousand or so recently active threads it passed over.
      index('posts_latest_idx')
        .on(
          table.pinned.desc(),
          table.lastActivityAt.desc(),
          table.id.desc(),
          ...filtered,
          table.createdAt,
          table.authorId,
          table.replyCount,
        )
        .where(visible),
      index('posts_newest_idx')
        .on(table.pinned.desc(), table.createdAt.desc(), table.id.desc(), ...filtered)
        .where(visible),
      index('posts_top_idx')
        .on(table.pinned.desc(), table.reactionCount.desc(), table.id.desc(), ...filtered)
        .where(visible),
      index('posts_category_latest_idx')
        .on(table.categoryId, table.pinned.desc(), table.lastActivityAt.desc(), table.id.desc())
        .where(visible),
      index('posts_category_newest_idx')
        .on(table.categoryId, table.pinned.desc(), table.createdAt.desc(), table.id.desc())
        .where(visible),
      index('posts_category_top_idx')
        .on(table.categoryId, table.pinned.desc(), table.reactionCount.desc(), table.id.desc())
        .where(visible),
      index('posts_tags_idx').using('gin', table.tags).where(visible),
      // An author's threads in the profile's order (pinned first, then newest), carrying what
      // the list filters on: a page is walked in the index alone, not every thread of the
      // author read and sorted. Not partial: a member's history counts their hidden and
      // deleted threads by it too.
      index('posts_author_newest_idx').on(
        table.authorId,
        table.pinned.desc(),
        table.createdAt.desc(),
        table.id.desc(),
        table.categoryId,
        table.deletedAt,
        table.hiddenAt,
      ),
      index('posts_search_idx').using('gin', table.searchVector),
      // A film's page: its visible reviews in each order it offers, a page walked in the index.
      // The category comes last, read from the index: a deep page skips entries, not rows.
      index('posts_film_newest_idx')
        .on(table.filmId, table.createdAt.desc(), table.id.desc(), table.categoryId)
        .where(sql`${visible} and ${table.filmId} is not null and ${table.rating} is not null`),
      index('posts_film_rating_idx')
        .on(
          table.filmId,
          table.rating.desc(),
          table.createdAt.desc(),
          table.id.desc(),
          table.categoryId,
        )
        .where(sql`${visible} and ${table.filmId} is not null and ${table.rating} is not null`),
      index('posts_film_liked_idx')
        .on(table.filmId, table.reactionCount.desc(), table.id.desc(), table.categoryId)
        .where(sql`${visible} and ${table.filmId} is not null and ${table.rating} is not null`),
    ];
  },
);

/** Replies to a thread (and, later, to news), flat in time order: `id` order is time order. */
/**
 * Views counted per thread, apart from `posts`: the counts are written in batches every couple of
 * seconds, and a row of this narrow table has one index to update where a thread row has ten
 * (two of them GIN), which made each batch stall every other query on PGlite.
 */
export const threadViews = pgTable('thread_views', {
  postId: bigint('post_id', { mode: 'number' })
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  views: integer('views').notNull().default(0),
});

export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    /** The reply this one quotes, in the same thread. */
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    bodySource: text('body_source').notNull(),
    bodyHtml: text('body_html').notNull(),
    reactionCount: integer('reaction_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchVector: searchDocument(['body_source', 'D']),
  },
  (table) => [
    index('comments_post_idx').on(table.postId, table.id),
    index('comments_author_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    index('comments_search_idx').using('gin', table.searchVector),
  ],
);

/** One like per user per thread; toggled by PUT/DELETE, counted on the thread row. */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

export const commentReactions = pgTable(
  'comment_reactions',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] })],
);

/** Every edit keeps the previous version: who edited, when, and what was there before. */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id),
    editorId: text('editor_id')
      .notNull()
      .references(() => users.id),
    previousTitle: text('previous_title').notNull(),
    previousBody: text('previous_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('post_revisions_post_idx').on(table.postId, table.id)],
);

export const commentRevisions = pgTable(
  'comment_revisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id),
    editorId: text('editor_id')
      .notNull()
      .references(() => users.id),
    previousBody: text('previous_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('comment_revisions_comment_idx').on(table.commentId, table.id)],
);

/** Reports of a thread or a reply; the moderation issue builds the queue on them. */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id),
    /** Null when the thread itself is reported. */
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    /** spam, abuse, off-topic or other (src/shared/reports.ts). */
    category: text('category').notNull().default('other'),
    reason: text('reason').notNull(),
    /** open, then resolved: a moderator acted on the item (dismissed, hid, restored, ...). */
    status: text('status').notNull().default('open'),
    /** The action that closed the report (an audit action name). */
    resolution: text('resolution'),
    resolvedById: text('resolved_by_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reports_open_idx').on(table.status, table.createdAt),
    index('reports_target_idx').on(table.postId, table.commentId, table.status),
    index('reports_reporter_idx').on(table.reporterId, table.id.desc()),
    // One open report per reporter per target; a second report updates nothing.
    uniqueIndex('reports_reporter_target_idx')
      .on(table.reporterId, table.postId, sql`coalesce(${table.commentId}, 0)`)
      .where(sql`${table.status} = 'open'`),
  ],
);
