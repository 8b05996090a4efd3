// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../core/schema.js';
import { chatMessages } from '../chat/schema.js';
import { categories, comments, posts } from '../forum/schema.js';
import { newsArticles } from '../news/schema.js';

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
