import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  Delivery,
  NotificationSubject,
  NotificationType,
} from '../../../shared/notifications.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { notificationSettings, notifications } from './schema.js';
import type { DbOrTx } from '../../core/transaction.js';
import { blockedNow, deliveryOf, visibilityJoins, visibleToReader } from './visibility-sql.js';

/** A PostgreSQL array literal of texts, sent as one parameter (cast with `::text[]`). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** What every member told of one event is told. */
export interface NotificationFields {
  actorId: string | null;
  postId?: number | null;
  commentId?: number | null;
  chatMessageId?: number | null;
  articleId?: number | null;
  title: string;
  excerpt?: string | null;
  action?: string | null;
  reason?: string | null;
  /** When what a moderation notice tells of ends (ISO): a mute, a block with an end date. */
  endsAt?: string | null;
  url: string;
  /** The same event never tells a member twice (a job that runs again). */
  eventKey: string;
}

export interface InsertedNotification {
  id: number;
  user_id: string;
  mail_pending: 'email' | 'digest' | null;
}

/** The most members one transaction of a fan-out tells (notifications.ts may choose fewer). */
export const fanOutBatch = 500;

export interface NotificationBatch {
  rows: InsertedNotification[];
  /** The last member this batch considered (the next starts after it); null when none was. */
  last: string | null;
  /** Members considered: fewer than the batch size means this was the last batch. */
  considered: number;
}

/**
 * Tells the members `candidates` selects (`user_id, type, rank`) whose ids sort after `after`,
 * at most `fanOutBatch` of them: each member once, by their lowest rank (a mention before an
 * answer before a reply), never the actor, never a deleted or blocked account, nobody whose
 * setting for that type is off, and with `mutedThread` nobody who muted that thread (not even a
 * mention there). One statement per batch.
 */
export async function insertNotifications(
  tx: DbOrTx,
  candidates: SQL,
  fields: NotificationFields,
  options: {
    after: string;
    /** Members to consider, at most `fanOutBatch`. */
    batch: number;
    mutedThread?: number | undefined;
    evenBlocked?: boolean | undefined;
    inAppOnly?: boolean | undefined;
  },
): Promise<NotificationBatch> {
  // A block is told to the blocked member too (by e-mail): it is the one notice they can read.
  const blocked = options.evenBlocked ? sql`` : sql`and not ${blockedNow('u')}`;
  const muted =
    options.mutedThread === undefined
      ? sql``
      : sql`where not exists (select 1 from thread_watches tw
          where tw.user_id = ch.user_id and tw.post_id = ${options.mutedThread}::bigint
            and tw.level = 'muted')`;
  const mail = options.inAppOnly
    ? sql`null::text`
    : sql`case delivery when 'email' then 'email' when 'digest' then 'digest' end`;
  const rows = await queryRows<InsertedNotification & { last: string | null; considered: number }>(
    tx,
    sql`with batch_start(after) as (select ${options.after}::text),
    candidates(user_id, type, rank) as (${candidates}),
    chosen as (
      select distinct on (user_id) user_id, type from candidates
      where user_id is distinct from ${fields.actorId}::text and user_id > ${options.after}::text
      order by user_id, rank
      limit ${Math.min(options.batch, fanOutBatch)}
    ),
    recipients as (
      select ch.user_id, ch.type, ${deliveryOf(sql`s.delivery`, sql`ch.type`)} as delivery
      from chosen ch
      join users u on u.id = ch.user_id and u.deleted_at is null ${blocked}
      left join notification_settings s on s.user_id = ch.user_id and s.type = ch.type
      ${muted}
    ),
    inserted as (
      insert into notifications (user_id, type, actor_id, post_id, comment_id, chat_message_id,
        article_id, title, excerpt, action, reason, ends_at, url, event_key, mail_pending)
      select user_id, type, ${fields.actorId}::text, ${fields.postId ?? null}::bigint,
        ${fields.commentId ?? null}::bigint, ${fields.chatMessageId ?? null}::bigint,
        ${fields.articleId ?? null}::bigint, ${fields.title}::text,
        ${fields.excerpt ?? null}::text, ${fields.action ?? null}::text,
        ${fields.reason ?? null}::text, ${fields.endsAt ?? null}::timestamptz, ${fields.url}::text,
        ${fields.eventKey}::text, ${mail}
      from recipients where delivery <> 'off'
      on conflict (user_id, event_key) do nothing
      returning id, user_id, mail_pending
    )
    select (select max(user_id) from chosen) as last, (select count(*)::int from chosen) as considered,
      i.id, i.user_id, i.mail_pending
    from (select 1) as one left join inserted i on true`,
  );
  const first = rows[0];
  return {
    rows: rows.flatMap((row) =>
      row.id === null
        ? []
        : [{ id: Number(row.id), user_id: row.user_id, mail_pending: row.mail_pending }],
    ),
    last: first?.last ?? null,
    considered: Number(first?.considered ?? 0),
  };
}

/**
 * A watcher list's next batch: after the last member told (`batch_start`, set by
 * insertNotifications), in id order, walking its index instead of every watcher each time.
 */
const nextBatch = (column: SQL) =>
  sql`and ${column} > (select after from batch_start) order by ${column} limit ${fanOutBatch}`;

/** Candidates: these members, as `type`. */
export function membersAs(userIds: readonly string[], type: NotificationType, rank = 1): SQL {
  return sql`select unnest(${textArray(userIds)}::text[]), ${type}::text, ${rank}::int`;
}

/**
 * Candidates of a new reply: the members it mentions, the author of the reply it answers, the
 * thread's watchers and its category's watchers (unless they chose otherwise for the thread).
 */
export function replyCandidates(input: {
  mentioned: readonly string[];
  quotedAuthorId: string | null;
  postId: number;
  categoryId: number;
}): SQL {
  return sql`${membersAs(input.mentioned, 'mention', 1)}
    union all select ${input.quotedAuthorId}::text, 'quote', 2
      where ${input.quotedAuthorId}::text is not null
    union all (select user_id, 'reply', 3 from thread_watches
      where post_id = ${input.postId}::bigint and level = 'watching' ${nextBatch(sql`user_id`)})
    union all (select cw.user_id, 'reply', 3 from category_watches cw
      where cw.category_id = ${input.categoryId}::int and cw.level = 'watching'
        and not exists (select 1 from thread_watches tw
          where tw.user_id = cw.user_id and tw.post_id = ${input.postId}::bigint)
        ${nextBatch(sql`cw.user_id`)})`;
}

/** Candidates of a new thread: the members it mentions and its category's watchers. */
export function threadCandidates(mentioned: readonly string[], categoryId: number): SQL {
  return sql`${membersAs(mentioned, 'mention')}
    union all (select user_id, 'reply', 3 from category_watches
      where category_id = ${categoryId}::int and level = 'watching' ${nextBatch(sql`user_id`)})`;
}

/** Candidates of a published article: everyone who asked for news. */
export const newsCandidates = sql`(select user_id, 'news', 1 from notification_settings
  where type = 'news' and delivery <> 'off' ${nextBatch(sql`user_id`)})`;

/**
 * Candidates of a new review: the followers of its film, but those who watch its category, who
 * hear of the new thread already.
 */
export function filmFollowerCandidates(filmId: number, categoryId: number): SQL {
  return sql`(select ff.user_id, 'film_review', 1 from film_follows ff
    where ff.film_id = ${filmId}::bigint
      and not exists (select 1 from category_watches cw
        where cw.user_id = ff.user_id and cw.category_id = ${categoryId}::int
          and cw.level = 'watching')
      ${nextBatch(sql`ff.user_id`)})`;
}

/**
 * A like, grouped: while the owner has not read the group's notification, each new liker
 * becomes its actor, counts among the others and brings it back to the top.
 */
export async function upsertLike(
  tx: DbOrTx,
  input: { userId: string; groupKey: string; fields: Omit<NotificationFields, 'eventKey'> },
): Promise<InsertedNotification[]> {
  const { fields } = input;
  const rows = await queryRows<InsertedNotification>(
    tx,
    sql`insert into notifications (user_id, type, actor_id, post_id, comment_id, title, excerpt,
        url, group_key, mail_pending)
      select u.id, 'reaction', ${fields.actorId}::text, ${fields.postId ?? null}::bigint,
        ${fields.commentId ?? null}::bigint, ${fields.title}::text, ${fields.excerpt ?? null}::text,
        ${fields.url}::text, ${input.groupKey}::text,
        case d.delivery when 'email' then 'email' when 'digest' then 'digest' end
      from users u
      left join notification_settings s on s.user_id = u.id and s.type = 'reaction'
      cross join lateral (select ${deliveryOf(sql`s.delivery`, sql`'reaction'`)} as delivery) d
      where u.id = ${input.userId}::text and u.deleted_at is null and d.delivery <> 'off'
        and u.id is distinct from ${fields.actorId}::text
      on conflict (user_id, group_key) where read_at is null do update set
        id = nextval(pg_get_serial_sequence('notifications', 'id')),
        actor_id = excluded.actor_id,
        others_count = notifications.others_count + 1,
        created_at = now(),
        mail_pending = coalesce(notifications.mail_pending, excluded.mail_pending)
      where notifications.actor_id is distinct from excluded.actor_id
      returning id, user_id, mail_pending`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A notification as its reader sees it (presenter.ts). */
export interface NotificationRow {
  id: number | string;
  type: NotificationType;
  others_count: number;
  title: string;
  excerpt: string | null;
  action: string | null;
  reason: string | null;
  ends_at: Date | string | null;
  subject: NotificationSubject | null;
  url: string;
  read_at: Date | string | null;
  created_at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  actor_username: string | null;
  actor_image: string | null;
  user_id: string;
  topic: string;
}

/**
 * A notification's mail topic: what one e-mail an hour at most is about. A notice about
 * moderation of the reader's own content or account is a topic of its own, so news of the same
 * thread or room mailed within the hour never swallows it.
 */
const topic = sql`case when n.type = 'moderation' then 'n:' || n.id
  else coalesce('post:' || n.post_id, 'room:' || m.room_id, 'article:' || n.article_id,
    'n:' || n.id) end`;

/** What a notification is about, from the one of its links it has (none: the reader's account). */
const subject = sql`case when n.comment_id is not null then 'reply'
  when n.chat_message_id is not null then 'chat_message' when n.post_id is not null then 'thread'
  when n.article_id is not null then 'article' end`;

const rowColumns = sql`n.id, n.type, n.others_count, coalesce(p.title, ar.title, n.title) as title,
  n.excerpt, n.action, n.reason, n.ends_at, ${subject} as subject, n.url, n.read_at,
  n.created_at, n.user_id,
  a.id as actor_id, a.name as actor_name, a.username as actor_username, a.image as actor_image,
  ${topic} as topic`;

/** A member's notifications they may see, newest first, after the cursor `beforeId`. */
export function listRows(
  db: Db,
  input: { userId: string; beforeId: number | null; limit: number; unreadOnly: boolean },
): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(
    db,
    sql`select ${rowColumns} from notifications n ${visibilityJoins}
      where n.user_id = ${input.userId}
        ${input.beforeId === null ? sql`` : sql`and n.id < ${input.beforeId}`}
        ${input.unreadOnly ? sql`and n.read_at is null` : sql``}
        and ${visibleToReader}
      order by n.id desc limit ${input.limit}`,
  );
}

/** Some notifications by id, whoever they belong to, if their readers may still see them. */
export function rowsByIds(db: DbOrTx, ids: readonly number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<NotificationRow>(
    db,
    sql`select ${rowColumns} from notifications n ${visibilityJoins}
      where n.id = any(${`{${ids.join(',')}}`}::bigint[]) and ${visibleToReader}
      order by n.id`,
  );
}

/** How many unread notifications each member may see. */
export async function unreadCounts(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: string; unread: number }>(
    db,
    sql`select n.user_id, count(*)::int as unread from notifications n ${visibilityJoins}
      where n.user_id = any(${textArray(userIds)}::text[]) and n.read_at is null
        and ${visibleToReader}
      group by n.user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, Number(row.unread)]));
}

const ownNotification = (userId: string, id: number) =>
  and(eq(notifications.userId, userId), eq(notifications.id, id));

/** Marks one read; answers whether it was the member's (read or not). */
export async function markRead(db: Db, userId: string, id: number): Promise<boolean> {
  const found = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, mailPending: null })
    .where(ownNotification(userId, id))
    .returning({ id: notifications.id });
  return found.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()`, mailPending: null })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function removeOne(db: Db, userId: string, id: number): Promise<boolean> {
  const found = await db
    .delete(notifications)
    .where(ownNotification(userId, id))
    .returning({ id: notifications.id });
  return found.length > 0;
}

export async function removeAll(db: Db, userId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

export async function readSettings(db: DbOrTx, userId: string) {
  return db
    .select({ type: notificationSettings.type, delivery: notificationSettings.delivery })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
}

export async function writeSettings(
  db: DbOrTx,
  userId: string,
  changes: readonly { type: NotificationType; delivery: Delivery }[],
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(changes.map((change) => ({ userId, ...change })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.type],
      set: { delivery: sql`excluded.delivery` },
    });
}

/** The notifications of a member still owed an e-mail of `kind`, visible or not. */
export function pendingMail(
  db: DbOrTx,
  userId: string,
  kind: 'email' | 'digest',
): Promise<(NotificationRow & { visible: boolean })[]> {
  return queryRows(
    db as Db,
    sql`select ${rowColumns}, ${visibleToReader} as visible from notifications n ${visibilityJoins}
      where n.user_id = ${userId} and n.mail_pending = ${kind} and n.read_at is null
      order by n.id`,
  );
}

export async function clearMail(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ mailPending: null })
    .where(inArray(notifications.id, [...ids]));
}

/**
 * Takes the hour's e-mail about `topic` for a member: true when none went out in the last hour
 * (the claim is the send's record), false otherwise.
 */
export async function claimMailTopic(db: DbOrTx, userId: string, topic: string) {
  const rows = await queryRows<{ topic: string }>(
    db,
    sql`insert into notification_mails (user_id, topic, sent_at) values (${userId}, ${topic}, now())
      on conflict (user_id, topic) do update set sent_at = now()
      where notification_mails.sent_at < now() - interval '1 hour'
      returning topic`,
  );
  return rows.length > 0;
}

/** Gives the claim back after a failed send, so the retry may send. */
export async function releaseMailTopic(db: DbOrTx, userId: string, topic: string) {
  await queryRows(
    db as Db,
    sql`delete from notification_mails where user_id = ${userId} and topic = ${topic}`,
  );
}

/**
 * Active, unblocked members whose username starts with `prefix` (any case), by username: the
 * editors' `@` autocomplete.
 */
export function membersByPrefix(db: Db, prefix: string, limit: number) {
  const escaped = prefix.toLowerCase().replace(/[\\%_]/g, '\\$&');
  return db
    .select({ username: users.username, name: users.name, image: users.image })
    .from(users)
    .where(
      and(
        ilike(users.username, `${escaped}%`),
        isNull(users.deletedAt),
        sql`not ${blockedNow('users')}`,
      ),
    )
    .orderBy(asc(users.username))
    .limit(limit);
}

/** Where a member's e-mails go, and whether they may (a verified address, an active account). */
export async function mailRecipient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      verified: users.emailVerified,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
