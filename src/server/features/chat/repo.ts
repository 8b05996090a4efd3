import { and, asc, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { chatMessages, chatReactions, chatReads, chatRooms } from './schema.js';
import { authorSelection } from '../../core/author.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';

export type RoomRow = typeof chatRooms.$inferSelect;

/** Unread counts stop here: a list shows "99+" rather than counting a busy room's backlog. */
export const unreadCap = 100;

export interface RoomListRow {
  id: number;
  name: string;
  topic: string;
  posting: string;
  slow_mode_seconds: number;
  is_general: boolean;
  archived_at: string | Date | null;
  last_read_message_id: number | string | null;
  unread_count: number | string;
  last_id: number | string | null;
  last_body: string | null;
  last_author_name: string | null;
  last_author_deleted_at: string | Date | null;
  last_created_at: string | Date | null;
  /** Set when the last message the reader sees is hidden (theirs, or they moderate). */
  last_hidden_reason: string | null;
  last_hidden_at: string | Date | null;
}

/**
 * Unread for a member: visible messages of others after their read mark; a member who never
 * opened the room counts what was written since they joined the site. Capped at `unreadCap`.
 */
const unreadOf = (memberId: string, joinedAt: Date, room: SQL) => sql`(
  select count(*) from (
    select 1 from chat_messages m
    where m.room_id = ${room}
      and m.id > coalesce(cr.last_read_message_id, 0)
      and (cr.last_read_message_id is not null or m.created_at > ${joinedAt.toISOString()}::timestamptz)
      and m.author_id <> ${memberId}
      and m.hidden_at is null and m.deleted_at is null
    limit ${unreadCap}
  ) counted
)`;

type SQL = ReturnType<typeof sql>;

/**
 * Whether a reader sees a message as far as hiding goes: its author and moderators see a hidden
 * message (with the reason), everyone else only visible ones.
 */
function hiddenSeenBy(
  reader: { id: string; moderator: boolean },
  message: { hiddenAt: SQLWrapper; authorId: SQLWrapper },
): SQL {
  return reader.moderator
    ? sql`true`
    : sql`(${message.hiddenAt} is null or ${message.authorId} = ${reader.id})`;
}

/**
 * The rooms with the reader's unread count and the last message they may see: one hidden by a
 * moderator or its reporters only for its author and for moderators (shown as hidden).
 */
export function listRooms(
  db: Db,
  member: { id: string; createdAt: Date; moderator: boolean },
  options: { archived: boolean },
): Promise<RoomListRow[]> {
  return queryRows<RoomListRow>(
    db,
    sql`
      select r.id, r.name, r.topic, r.posting, r.slow_mode_seconds, r.is_general, r.archived_at,
        cr.last_read_message_id,
        ${unreadOf(member.id, member.createdAt, sql`r.id`)} as unread_count,
        last.id as last_id, last.body_source as last_body, last.name as last_author_name,
        last.deleted_at as last_author_deleted_at, last.created_at as last_created_at,
        last.hidden_reason as last_hidden_reason, last.hidden_at as last_hidden_at
      from chat_rooms r
      left join chat_reads cr on cr.room_id = r.id and cr.user_id = ${member.id}
      left join lateral (
        select m.id, m.body_source, m.created_at, m.hidden_at, m.hidden_reason, u.name,
          u.deleted_at
        from chat_messages m join users u on u.id = m.author_id
        where m.room_id = r.id and m.deleted_at is null
          and ${hiddenSeenBy(member, { hiddenAt: sql`m.hidden_at`, authorId: sql`m.author_id` })}
        order by m.id desc limit 1
      ) last on true
      where ${options.archived ? sql`true` : sql`r.archived_at is null`}
      order by r.is_general desc, r.archived_at nulls first, lower(r.name), r.id`,
  );
}

export async function findRoom(db: DbOrTx, roomId: number): Promise<RoomRow | undefined> {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  return room;
}

export async function insertRoom(tx: Tx, values: typeof chatRooms.$inferInsert) {
  const [row] = await tx.insert(chatRooms).values(values).returning();
  return row;
}

export async function updateRoom(
  tx: Tx,
  roomId: number,
  values: Partial<typeof chatRooms.$inferInsert>,
) {
  const [row] = await tx.update(chatRooms).set(values).where(eq(chatRooms.id, roomId)).returning();
  return row;
}

export function activeRoomIds(db: Db): Promise<{ id: number }[]> {
  return db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(sql`${chatRooms.archivedAt} is null`);
}

export async function totalUnread(
  db: Db,
  member: { id: string; createdAt: Date },
): Promise<number> {
  const [row] = await queryRows<{ total: number | string | null }>(
    db,
    sql`
      select sum(${unreadOf(member.id, member.createdAt, sql`r.id`)}) as total
      from chat_rooms r
      left join chat_reads cr on cr.room_id = r.id and cr.user_id = ${member.id}
      where r.archived_at is null`,
  );
  return Number(row?.total ?? 0);
}

export async function roomUnread(
  db: Db,
  member: { id: string; createdAt: Date },
  roomId: number,
): Promise<number> {
  const [row] = await queryRows<{ unread: number | string }>(
    db,
    sql`
      select ${unreadOf(member.id, member.createdAt, sql`${roomId}`)} as unread
      from (select 1) one
      left join chat_reads cr on cr.room_id = ${roomId} and cr.user_id = ${member.id}`,
  );
  return Number(row?.unread ?? 0);
}

const replyTo = alias(chatMessages, 'reply_to');
const replyAuthor = alias(users, 'reply_author');

/** A message with what every reader sees beside it; `reacted` for `readerId`. */
export function messageSelection(readerId: string) {
  return {
    message: chatMessages,
    author: authorSelection,
    replyTo: {
      id: replyTo.id,
      bodySource: replyTo.bodySource,
      deletedAt: replyTo.deletedAt,
      hiddenAt: replyTo.hiddenAt,
      authorName: replyAuthor.name,
      authorDeletedAt: replyAuthor.deletedAt,
    },
    reacted: sql<boolean>`exists (select 1 from ${chatReactions} where ${chatReactions.messageId} = ${chatMessages.id} and ${chatReactions.userId} = ${readerId})`,
  };
}

function selectMessages(db: DbOrTx, readerId: string) {
  return db
    .select(messageSelection(readerId))
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.authorId))
    .leftJoin(replyTo, eq(replyTo.id, chatMessages.replyToId))
    .leftJoin(replyAuthor, eq(replyAuthor.id, replyTo.authorId));
}

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** A reader sees a message not deleted: hidden ones only if they wrote it or moderate. */
const visibleTo = (reader: { id: string; moderator: boolean }) =>
  sql`${chatMessages.deletedAt} is null and ${hiddenSeenBy(reader, chatMessages)}`;

/** A page of a room's history, newest first, before message id `beforeId` (exclusive). */
export function historyPage(
  db: Db,
  reader: { id: string; moderator: boolean },
  roomId: number,
  beforeId: number | null,
  limit: number,
): Promise<MessageRow[]> {
  return selectMessages(db, reader.id)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        beforeId === null ? undefined : sql`${chatMessages.id} < ${beforeId}`,
        visibleTo(reader),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** What a reader missed: messages after `afterId`, oldest first. */
export function messagesAfter(
  db: Db,
  reader: { id: string; moderator: boolean },
  roomId: number,
  afterId: number,
  limit: number,
): Promise<MessageRow[]> {
  return selectMessages(db, reader.id)
    .where(
      and(eq(chatMessages.roomId, roomId), sql`${chatMessages.id} > ${afterId}`, visibleTo(reader)),
    )
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}

export async function messageById(
  db: DbOrTx,
  readerId: string,
  messageId: number,
): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db, readerId).where(eq(chatMessages.id, messageId));
  return row;
}

export async function messageByNonce(
  db: DbOrTx,
  authorId: string,
  nonce: string,
): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db, authorId).where(
    and(eq(chatMessages.authorId, authorId), eq(chatMessages.nonce, nonce)),
  );
  return row;
}

/** Marks a room read up to `messageId`; a mark never moves back. */
export async function markRead(
  db: DbOrTx,
  memberId: string,
  roomId: number,
  messageId: number,
): Promise<void> {
  await db
    .insert(chatReads)
    .values({ userId: memberId, roomId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [chatReads.userId, chatReads.roomId],
      set: {
        lastReadMessageId: sql`greatest(${chatReads.lastReadMessageId}, excluded.last_read_message_id)`,
        updatedAt: sql`now()`,
      },
    });
}
