import { type SQL } from 'drizzle-orm';
import type { ModerationAction } from '../../../../shared/notifications.js';
import { notifyEventHandlers, onNotifyEvent, type NotifyEventType } from '../../../core/notify.js';
import { enqueueMany, type NewJob } from '../../../core/jobs.js';
import type { DbOrTx } from '../../../core/transaction.js';
import type { Db } from '../../../platform/db/database.js';
import { plainExcerpt } from '../../../markdown/excerpt.js';
import { threadLink } from '../../../../shared/links.js';
import { markThreadRead } from '../reading/repo.js';
import {
  filmFollowerCandidates,
  insertNotifications,
  membersAs,
  newsCandidates,
  replyCandidates,
  threadCandidates,
  fanOutBatch,
  upsertLike,
  type InsertedNotification,
  type NotificationFields,
} from '../repo.js';
import {
  articleTarget,
  chatTarget,
  filmReviewTarget,
  replyTarget,
  threadTarget,
  type ThreadTarget,
} from './target-repo.js';
import { moderationNotice } from './moderation-notice.js';

export const mailJobKind = 'notify.mail';
export const digestJobKind = 'notify.digest';
const digestDelayMs = 24 * 60 * 60_000;

const excerptOf = (source: string) => plainExcerpt(source, 140);

/** Where a thread or one of its replies opens: news comments open beside their article. */
export function threadUrl(thread: ThreadTarget, commentId?: number): string {
  const articleId = thread.article_id === null ? null : Number(thread.article_id);
  return threadLink({ postId: Number(thread.post_id), articleId }, commentId);
}

/** The e-mails owed for new notifications: soon, or with the member's next daily digest. */
async function scheduleMail(tx: DbOrTx, rows: readonly InsertedNotification[]) {
  const jobs: NewJob[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.mail_pending || seen.has(`${row.mail_pending}:${row.user_id}`)) continue;
    seen.add(`${row.mail_pending}:${row.user_id}`);
    jobs.push(
      row.mail_pending === 'email'
        ? { kind: mailJobKind, payload: { userId: row.user_id }, dedupeKey: `mail:${row.user_id}` }
        : {
            kind: digestJobKind,
            payload: { userId: row.user_id },
            dedupeKey: `digest:${row.user_id}`,
            runAt: new Date(Date.now() + digestDelayMs),
          },
    );
  }
  await enqueueMany(tx, jobs);
}

/**
 * How a fan-out shares the database: members per transaction, and a pause between two. PGlite
 * runs every query on the server's one thread, so there small batches with pauses let a reply
 * posted meanwhile run between them; PostgreSQL serves both at once.
 */
export interface FanOut {
  batch: number;
  pauseMs: number;
}

/** Who is told of an event, and what: a fan-out in batches, or one grouped like. */
type Plan =
  | { kind: 'nobody' }
  | {
      kind: 'tell';
      candidates: SQL;
      fields: NotificationFields;
      options?: { mutedThread?: number; evenBlocked?: boolean; inAppOnly?: boolean };
    }
  | { kind: 'like'; like: Parameters<typeof upsertLike>[1] };

/**
 * The events of other features that notifications tells of, with the fields it reads of each.
 * The features that record them declare them (their notify-events.ts) and the app hands them
 * over (src/server/notified-events.ts), checked against these types as it compiles.
 */
export interface TellableEvents {
  threadStarted: Tellable<{ postId: number; mentioned: string[] }>;
  replyPosted: Tellable<{ commentId: number; mentioned: string[] }>;
  /** `commentId` null: the thread's own text. */
  mentionedByEdit: Tellable<{ postId: number; commentId: number | null; mentioned: string[] }>;
  liked: Tellable<{ target: 'post' | 'comment'; id: number; actorId: string }>;
  modRequestDecided: Tellable<{
    userId: string;
    decision: 'approved' | 'rejected';
    reason: string | null;
    requestId: number;
  }>;
  articlePublished: Tellable<{ articleId: number }>;
  chatMentioned: Tellable<{ messageId: number; mentioned: string[] }>;
  filmReviewed: Tellable<{ postId: number; filmId: number }>;
}
type Tellable<Fields> = NotifyEventType<string, Fields, unknown>;

/** Writes the notifications of one recorded event (its job's payload). */
export type NotificationWriter = (
  db: Db,
  payload: unknown,
  context: { id: number },
  deliver: (rows: InsertedNotification[]) => Promise<void>,
  fanOut?: FanOut,
) => Promise<void>;

/**
 * Turns one recorded event (core/notify.ts) into notifications, with the e-mails they owe, and
 * hands each committed batch to `deliver` (the live channel). A fan-out commits in
 * batches (`fanOut`), so a reply posted meanwhile waits for one batch at most, not for 10,000
 * rows; the event key makes a batch that runs again tell nobody twice.
 * Content hidden or deleted before the job runs tells nobody.
 */
export function notificationWriter(events: TellableEvents): NotificationWriter {
  const planOf = plans(events);
  return async (db, payload, context, deliver, fanOut = { batch: fanOutBatch, pauseMs: 0 }) => {
    const planFor = planOf(payload);
    const plan = await db.transaction((tx) => planFor(tx, context));
    if (plan.kind === 'nobody') return;
    if (plan.kind === 'like') {
      const rows = await db.transaction(async (tx) => {
        const liked = await upsertLike(tx, plan.like);
        await scheduleMail(tx, liked);
        return liked;
      });
      await deliver(rows);
      return;
    }
    for (let after = ''; ;) {
      const batch = await db.transaction(async (tx) => {
        const told = await insertNotifications(tx, plan.candidates, plan.fields, {
          ...plan.options,
          after,
          batch: fanOut.batch,
        });
        await scheduleMail(tx, told.rows);
        return told;
      });
      await deliver(batch.rows);
      if (batch.considered < fanOut.batch || batch.last === null) return;
      after = batch.last;
      if (fanOut.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, fanOut.pauseMs));
    }
  };
}

const nobody: Plan = { kind: 'nobody' };
const tell = (
  candidates: SQL,
  fields: NotificationFields,
  options?: { mutedThread?: number; evenBlocked?: boolean; inAppOnly?: boolean },
): Plan => ({ kind: 'tell', candidates, fields, ...(options ? { options } : {}) });

/** Who is told of each kind of event, and what, read when its job runs. */
function plans(events: TellableEvents) {
  return notifyEventHandlers<[DbOrTx, { id: number }], Promise<Plan>>([
    onNotifyEvent(events.replyPosted, async (event, tx: DbOrTx) => {
      const target = await replyTarget(tx, event.commentId);
      if (!target?.visible || !target.post_visible) return nobody;
      const commentId = Number(target.comment_id);
      await markThreadRead(tx, target.author_id, Number(target.post_id), commentId);
      return tell(
        replyCandidates({
          mentioned: event.mentioned,
          quotedAuthorId: target.quoted_author_id,
          postId: Number(target.post_id),
          categoryId: target.category_id,
        }),
        {
          actorId: target.author_id,
          postId: Number(target.post_id),
          commentId,
          title: target.title,
          excerpt: excerptOf(target.body_source),
          url: threadUrl(target, commentId),
          eventKey: `comment:${commentId}`,
        },
        { mutedThread: Number(target.post_id) },
      );
    }),
    onNotifyEvent(events.threadStarted, async (event, tx: DbOrTx) => {
      const target = await threadTarget(tx, event.postId);
      if (!target?.post_visible) return nobody;
      return tell(threadCandidates(event.mentioned, target.category_id), {
        actorId: target.post_author_id,
        postId: event.postId,
        title: target.title,
        action: 'started',
        url: threadUrl(target),
        eventKey: `post:${event.postId}`,
      });
    }),
    onNotifyEvent(events.mentionedByEdit, async (event, tx: DbOrTx) => {
      if (event.commentId !== null) {
        const target = await replyTarget(tx, event.commentId);
        if (!target?.visible || !target.post_visible) return nobody;
        return tell(membersAs(event.mentioned, 'mention'), {
          actorId: target.author_id,
          postId: event.postId,
          commentId: event.commentId,
          title: target.title,
          excerpt: excerptOf(target.body_source),
          url: threadUrl(target, event.commentId),
          eventKey: `comment:${event.commentId}`,
        });
      }
      const target = await threadTarget(tx, event.postId);
      if (!target?.post_visible) return nobody;
      return tell(membersAs(event.mentioned, 'mention'), {
        actorId: target.post_author_id,
        postId: event.postId,
        title: target.title,
        url: threadUrl(target),
        eventKey: `post:${event.postId}`,
      });
    }),
    onNotifyEvent(events.liked, async (event, tx: DbOrTx): Promise<Plan> => {
      if (event.target === 'post') {
        const target = await threadTarget(tx, event.id);
        if (!target?.post_visible) return nobody;
        return {
          kind: 'like',
          like: {
            userId: target.post_author_id,
            groupKey: `like:post:${event.id}`,
            fields: {
              actorId: event.actorId,
              postId: event.id,
              title: target.title,
              url: threadUrl(target),
            },
          },
        };
      }
      const target = await replyTarget(tx, event.id);
      if (!target?.visible || !target.post_visible) return nobody;
      return {
        kind: 'like',
        like: {
          userId: target.author_id,
          groupKey: `like:comment:${event.id}`,
          fields: {
            actorId: event.actorId,
            postId: Number(target.post_id),
            commentId: event.id,
            title: target.title,
            excerpt: excerptOf(target.body_source),
            url: threadUrl(target, event.id),
          },
        },
      };
    }),
    onNotifyEvent(moderationNotice, async (event, tx: DbOrTx, context: { id: number }) => {
      const about = await moderationTarget(tx, event.target);
      return tell(
        membersAs([event.userId], 'moderation'),
        {
          actorId: null,
          ...about,
          action: event.action satisfies ModerationAction,
          reason: event.reason,
          endsAt: event.until,
          eventKey: `job:${context.id}`,
        },
        { evenBlocked: true },
      );
    }),
    onNotifyEvent(events.modRequestDecided, (event) =>
      Promise.resolve(
        tell(
          membersAs([event.userId], 'mod_request'),
          {
            actorId: null,
            title: 'Moderator request',
            action: event.decision,
            reason: event.reason,
            url: '/user-profile',
            eventKey: `mod-request:${event.requestId}`,
          },
          { inAppOnly: true },
        ),
      ),
    ),
    onNotifyEvent(events.articlePublished, async (event, tx: DbOrTx) => {
      const article = await articleTarget(tx, event.articleId);
      if (!article?.public) return nobody;
      return tell(newsCandidates, {
        actorId: article.author_id,
        articleId: event.articleId,
        title: article.title,
        excerpt: article.summary,
        url: `/news/${event.articleId}`,
        eventKey: `article:${event.articleId}`,
      });
    }),
    onNotifyEvent(events.chatMentioned, async (event, tx: DbOrTx) => {
      const message = await chatTarget(tx, event.messageId);
      if (!message?.visible) return nobody;
      return tell(membersAs(event.mentioned, 'chat_mention'), {
        actorId: message.author_id,
        chatMessageId: event.messageId,
        title: message.room_name,
        excerpt: excerptOf(message.body_source),
        url: `/chat?room=${message.room_id}&message=${event.messageId}`,
        eventKey: `chat:${event.messageId}`,
      });
    }),
    onNotifyEvent(events.filmReviewed, async (event, tx: DbOrTx) => {
      // The film the review is of now: a merge since the event has carried it and its followers.
      const review = await filmReviewTarget(tx, event.postId);
      if (!review?.post_visible) return nobody;
      const film =
        review.film_year === null
          ? review.film_title
          : `${review.film_title} (${Number(review.film_year)})`;
      return tell(
        filmFollowerCandidates(Number(review.film_id), review.category_id),
        {
          actorId: review.post_author_id,
          postId: event.postId,
          title: review.title,
          excerpt: excerptOf(review.body_source),
          action: film,
          url: threadUrl(review),
          eventKey: `film-review:${event.postId}`,
        },
        { mutedThread: event.postId },
      );
    }),
  ]);
}

/** What a moderation notice points at: the thread, reply or message, or the account. */
async function moderationTarget(
  tx: DbOrTx,
  target: { type: 'post' | 'comment' | 'chat'; id: number } | null,
) {
  const account = { title: '', url: '/user-profile' };
  if (!target) return account;
  if (target.type === 'post') {
    const thread = await threadTarget(tx, target.id);
    return thread ? { postId: target.id, title: thread.title, url: threadUrl(thread) } : account;
  }
  if (target.type === 'comment') {
    const reply = await replyTarget(tx, target.id);
    return reply
      ? {
          postId: Number(reply.post_id),
          commentId: target.id,
          title: reply.title,
          excerpt: excerptOf(reply.body_source),
          url: threadUrl(reply, target.id),
        }
      : account;
  }
  const message = await chatTarget(tx, target.id);
  return message
    ? {
        chatMessageId: target.id,
        title: message.room_name,
        excerpt: excerptOf(message.body_source),
        url: `/chat?room=${message.room_id}&message=${target.id}`,
      }
    : account;
}
