// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchDocument } from '../../platform/db/columns.js';
import { users } from '../../core/schema.js';

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
