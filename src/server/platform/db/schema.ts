import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Account tables follow Better Auth's core schema (plus its admin and
 * username plugins' columns) so the accounts feature can adopt them without a data migration.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').unique(),
    displayUsername: text('display_username'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** Set when the owner deleted the account: personal data is scrubbed, content stays. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_role_idx').on(table.role)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Site-wide settings edited by admins (site description, and later categories order etc.). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/*
 * Profile fields shown on public profile pages. Kept beside the account row (one read for an
 * author card); the avatar is an upload of ours, referenced by its URL.
 */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  location: text('location').notNull().default(''),
  favouriteFilms: text('favourite_films')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    filmTitle: text('film_title'),
    rating: smallint('rating'),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    reactionCount: integer('reaction_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Set by a moderator (moderation issue); hidden threads leave lists and answer 404. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Soft delete by the author: the thread page shows a tombstone. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => {
    const visible = sql`${table.deletedAt} is null and ${table.hiddenAt} is null`;
    return [
      index('posts_latest_idx')
        .on(table.pinned.desc(), table.lastActivityAt.desc(), table.id.desc())
        .where(visible),
      index('posts_newest_idx')
        .on(table.pinned.desc(), table.createdAt.desc(), table.id.desc())
        .where(visible),
      index('posts_top_idx')
        .on(table.pinned.desc(), table.reactionCount.desc(), table.id.desc())
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
      index('posts_author_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    ];
  },
);

/** Replies to a thread (and, later, to news), flat in time order: `id` order is time order. */
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
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('comments_post_idx').on(table.postId, table.id),
    index('comments_author_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
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
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reports_open_idx').on(table.status, table.createdAt),
    // One open report per reporter per target; a second report updates nothing.
    uniqueIndex('reports_reporter_target_idx')
      .on(table.reporterId, table.postId, sql`coalesce(${table.commentId}, 0)`)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** Uploaded images, re-encoded by us; `bytes` counts the image and its thumbnail. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId, table.createdAt.desc())],
);
