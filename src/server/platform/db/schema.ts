import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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

/** PostgreSQL's full-text document type; search reads it, the database writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A search document kept by the database itself: a stored generated column, so it changes in
 * the same statement (and transaction) as the text it indexes. English stemming ('reviewing'
 * and 'reviews' are both 'review'); `weighted` parts rank above the rest (a title above a body).
 */
const searchDocument = (...parts: [column: string, weight: 'A' | 'B' | 'C' | 'D'][]) =>
  tsvector('search_vector').generatedAlwaysAs(
    sql.raw(
      parts
        .map(
          ([column, weight]) =>
            `setweight(to_tsvector('english', coalesce(${column}, '')), '${weight}')`,
        )
        .join(' || '),
    ),
  );

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
    /** A moderator's mute (silence): the account reads but cannot post, reply or chat until then. */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    muteReason: text('mute_reason'),
    /** Set when the owner deleted the account: personal data is scrubbed, content stays. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Every way in asks for a second factor (an authenticator's code or a recovery code). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** False for a newcomer from an identity provider until they confirm the username made up. */
    usernameChosen: boolean('username_chosen').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_role_idx').on(table.role),
    // People search: trigram similarity finds a misspelt username or name (pg_trgm, 0001).
    index('users_username_trgm_idx').using('gin', sql`lower(${table.username}) gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
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
    /** How it began: 'password', 'email-link' or a provider's id, '+second-factor' after one. */
    signedInWith: text('signed_in_with'),
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

/**
 * A member's authenticator (Better Auth's two-factor plugin): the TOTP secret and the recovery
 * codes, both encrypted with the site's secret. `verified` turns true once the member typed a
 * first code; until then the setup is pending and signs nobody in.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [uniqueIndex('two_factors_user_id_idx').on(table.userId)],
);

/**
 * Passkeys (WebAuthn credentials), as Better Auth's passkey plugin stores them: the public key
 * and signature counter of each; a way in without a password, and a second factor in place of
 * a code.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    aaguid: text('aaguid'),
  },
  (table) => [
    index('passkeys_user_id_idx').on(table.userId),
    uniqueIndex('passkeys_credential_id_idx').on(table.credentialID),
  ],
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
    /** spam, abuse, off-topic or other (src/shared/moderation.ts). */
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

/**
 * Every moderation and admin action: who, what, on which target, why, and what changed. Kept
 * forever; a database trigger refuses UPDATE and DELETE, so no code path can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The member who acted; null when the site itself did (automatic actions, the CLI). */
    actorId: text('actor_id').references(() => users.id),
    /** An action name from src/shared/moderation.ts (`post.hide`, `user.role`, ...). */
    action: text('action').notNull(),
    /** user, post, comment, report, mod-request, news, category, site. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What the target was called when the action happened (a title, a username). */
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_time_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_actor_idx').on(table.actorId, table.id.desc()),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.id.desc()),
    index('audit_log_action_idx').on(table.action, table.id.desc()),
  ],
);

/** A user's request to become a moderator; one open request per user at a time. */
export const modRequests = pgTable(
  'mod_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    motivation: text('motivation').notNull(),
    /** open, approved or rejected. */
    status: text('status').notNull().default('open'),
    decidedById: text('decided_by_id').references(() => users.id),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mod_requests_status_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('mod_requests_user_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('mod_requests_one_open_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * News articles written by admins. An article is public once `status` is published, or
 * scheduled with `publish_at` passed (so a scheduled article appears by itself). Its comments
 * are the replies of a discussion thread in the archived `news` category, created when the
 * article is first shown, so they follow the forum's reply rules and moderation.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    bodySource: text('body_source').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** One of our own uploads (`/media/<id>.webp`), with its alt text. */
    coverUploadId: text('cover_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    coverAlt: text('cover_alt').notNull().default(''),
    /** draft, scheduled or published. */
    status: text('status').notNull().default('draft'),
    /** When a scheduled article goes out; when a published one went out. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    featured: boolean('featured').notNull().default(false),
    discussionPostId: bigint('discussion_post_id', { mode: 'number' }).references(() => posts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: searchDocument(['title', 'A'], ['summary', 'B'], ['body_source', 'D']),
  },
  (table) => [
    index('news_search_idx').using('gin', table.searchVector),
    index('news_public_idx')
      .on(table.featured.desc(), table.publishAt.desc(), table.id.desc())
      .where(sql`${table.status} in ('published', 'scheduled')`),
    index('news_all_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * Chat rooms: the General room every verified member is in (made by the migration, never
 * archived) and the rooms admins create. `posting` is 'everyone' or 'moderators'.
 */
export const chatRooms = pgTable('chat_rooms', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  topic: text('topic').notNull().default(''),
  posting: text('posting').notNull().default('everyone'),
  slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
  isGeneral: boolean('is_general').notNull().default(false),
  createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

/**
 * Chat messages: `id` order is time order within a room. `nonce` is the sender's own id for
 * the message, unique per author, so a retried send stores it once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    nonce: text('nonce').notNull(),
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    bodySource: text('body_source').notNull(),
    bodyHtml: text('body_html').notNull(),
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reactionCount: integer('reaction_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenById: text('hidden_by_id').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchVector: searchDocument(['body_source', 'D']),
  },
  (table) => [
    index('chat_messages_room_idx').on(table.roomId, table.id),
    index('chat_messages_search_idx').using('gin', table.searchVector),
    uniqueIndex('chat_messages_nonce_idx').on(table.authorId, table.nonce),
  ],
);

/** One like per member per message, counted on the message row. */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

/** How far each member has read each room: the newest message id they have seen. */
export const chatReads = pgTable(
  'chat_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roomId] })],
);

/** Reports on chat messages; like `reports`, one open report per reporter and message. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    category: text('category').notNull().default('other'),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    resolution: text('resolution'),
    resolvedById: text('resolved_by_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_reports_open_idx').on(table.status, table.createdAt),
    index('chat_reports_message_idx').on(table.messageId, table.status),
    uniqueIndex('chat_reports_reporter_idx')
      .on(table.reporterId, table.messageId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/*
 * Donations (features/donations). A checkout is what a donor asked for before paying: its id
 * travels in the provider's metadata, so every event finds the donor's choices whatever order
 * the events come in. A donation is money the provider told us about: one per one-off checkout
 * session, one per paid invoice of a monthly plan.
 */
export const donationCheckouts = pgTable(
  'donation_checkouts',
  {
    id: text('id').primaryKey(),
    /** The provider's checkout session (cs_…), once created. */
    sessionId: text('session_id').unique(),
    /** SHA-256 of the browser's donor cookie: only that browser may read the checkout back. */
    browserHash: text('browser_hash').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Minor units; 64-bit like every amount, so no provider's figure overflows it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    message: text('message').notNull().default(''),
    /** The name on the donor wall; null appears as 'Anonymous'. */
    publicName: text('public_name'),
    /** open, paid (the demo's Pay), cancelled. */
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('donation_checkouts_user_idx').on(table.userId)],
);

export const donations = pgTable(
  'donations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => donationCheckouts.id),
    /** The checkout session (one-off) or invoice (monthly) the money came through. */
    providerRef: text('provider_ref').notNull().unique(),
    /** The payment intent, which refunds name. */
    paymentRef: text('payment_ref').unique(),
    subscriptionId: text('subscription_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Minor units of `currency`, the currency the donor paid in (not always the site's). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    /** pending, failed or paid; refunded is `amount_refunded >= amount`. */
    status: text('status').notNull(),
    /** Never more than `amount`: a larger refund reported by the provider is capped. */
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    email: text('email'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
    messageHiddenById: text('message_hidden_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A receipt is owed once the money is received, and sent after the transaction. */
    receiptDue: boolean('receipt_due').notNull().default(false),
    /** A process is sending the receipt; another takes it over if this is old (a crash). */
    receiptClaimedAt: timestamp('receipt_claimed_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (table) => [
    index('donations_paid_idx').on(table.paidAt),
    index('donations_created_idx').on(table.createdAt, table.id),
    index('donations_user_idx').on(table.userId),
    /** A checkout's payments: a monthly gift's renewals, its message's hiding, the wall's one entry. */
    index('donations_checkout_idx').on(table.checkoutId),
    index('donations_receipt_due_idx')
      .on(table.id)
      .where(sql`${table.receiptDue}`),
  ],
);

/** Every provider event acted on, by its id: a second delivery finds it and does nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refunds by payment intent, kept even when the refund arrives before its payment. */
export const paymentRefunds = pgTable('payment_refunds', {
  paymentRef: text('payment_ref').primaryKey(),
  amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull(),
});

/** Monthly plans: which checkout a subscription came from, and whether it was cancelled. */
export const donationSubscriptions = pgTable('donation_subscriptions', {
  id: text('id').primaryKey(),
  checkoutId: text('checkout_id')
    .notNull()
    .references(() => donationCheckouts.id),
  /** When the provider reported the plan ended (its `customer.subscription.deleted`). */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** When the donor asked to stop it and the provider accepted; ended once it reports so. */
  stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
});

/**
 * Work done after a write, off the request path (core/jobs.ts). A job is inserted in the
 * transaction of the write that asks for it; a runner claims it for a lease (`locked_until`),
 * deletes it once done, or moves `run_at` forward after a failure. A job that failed too often
 * stays with `run_at` = 'infinity' and its last error, for someone to look at.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claims so far; also the claim's token, so a runner whose lease ran out changes nothing. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** At most one waiting job per key: enqueuing the same key again does nothing. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt, table.id)
      .where(sql`${table.runAt} < 'infinity'`),
  ],
);

/**
 * What a member is told: one row per member and event. The title, excerpt and link are kept as
 * they were at the event; whether the member may still see the thread, reply or message it
 * points at is decided when it is read (hidden, deleted or a blocked author never shows).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Others who did the same, grouped on one row (likes). */
    othersCount: integer('others_count').notNull().default(0),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id),
    chatMessageId: bigint('chat_message_id', { mode: 'number' }).references(() => chatMessages.id),
    articleId: bigint('article_id', { mode: 'number' }).references(() => newsArticles.id),
    title: text('title').notNull().default(''),
    excerpt: text('excerpt'),
    action: text('action'),
    reason: text('reason'),
    /** When what a moderation notice tells of ends: a mute, a block with an end date. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    url: text('url').notNull(),
    /** One event tells a member once, however often its job runs. */
    eventKey: text('event_key'),
    /** Unread rows of one group (likes of one post) are one notification. */
    groupKey: text('group_key'),
    /** E-mail still owed for it: 'email' (soon) or 'digest' (the daily digest). */
    mailPending: text('mail_pending'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    index('notifications_unread_idx')
      .on(table.userId, table.id)
      .where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_event_idx').on(table.userId, table.eventKey),
    uniqueIndex('notifications_group_idx')
      .on(table.userId, table.groupKey)
      .where(sql`${table.readAt} is null`),
    index('notifications_mail_idx')
      .on(table.userId, table.mailPending)
      .where(sql`${table.mailPending} is not null`),
  ],
);

/** How a member delivers each type of notification; a type without a row has its default. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    delivery: text('delivery').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** When a member was last mailed about a thread (or room): at most one e-mail an hour each. */
export const notificationMails = pgTable(
  'notification_mails',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topic] })],
);

/** Watching or muting a thread: who hears of its new replies. Authors watch their own. */
export const threadWatches = pgTable(
  'thread_watches',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id),
    level: text('level').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId] }),
    // A fan-out walks one thread's watchers in id order, a batch at a time.
    index('thread_watches_post_idx').on(table.postId, table.level, table.userId),
  ],
);

export const categoryWatches = pgTable(
  'category_watches',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    level: text('level').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.categoryId] }),
    index('category_watches_category_idx').on(table.categoryId, table.level, table.userId),
  ],
);

/**
 * How far each member has read each thread: the newest reply seen and how many replies the
 * thread had up to it, so a list shows "3 new" as `reply_count - read_count` with no counting.
 */
export const threadReads = pgTable(
  'thread_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id),
    lastReadCommentId: bigint('last_read_comment_id', { mode: 'number' }).notNull(),
    readCount: integer('read_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] })],
);

/**
 * Every backup the server took (on its schedule, or asked by `npm run backup`): when it started
 * and ended, its file, or why it failed. A scheduled run claims its period's `slot` (the period's
 * number since 1970), so of several processes sharing the database one takes it. A row with
 * neither `finished_at` nor an error is a backup in progress, or one its process died taking.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    trigger: text('trigger').notNull(),
    slot: bigint('slot', { mode: 'number' }).unique(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
  },
  (table) => [index('backup_runs_time_idx').on(table.startedAt.desc())],
);
