import { z } from 'zod';
import { moderationActions } from '../../shared/notifications.js';
import { sql, type SQL } from 'drizzle-orm';
import { enqueue, enqueueFrom } from './jobs.js';
import type { DbOrTx } from './transaction.js';

/**
 * What happened that someone may need to hear of. A feature records an event in the
 * transaction of the write itself (a durable job), and the notifications feature decides off
 * the request path who is told and how: a reply answers as fast in a thread with 10,000
 * watchers as in one with none.
 */
const ids = z.array(z.string()).max(50);
const id = z.number().int().positive();

export const notifyEventSchema = z.discriminatedUnion('kind', [
  /** A new thread: the members it mentions. */
  z.object({ kind: z.literal('post'), postId: id, mentioned: ids }),
  /** A new reply: the thread's watchers, the reply it answers, the members it mentions. */
  z.object({ kind: z.literal('reply'), commentId: id, mentioned: ids }),
  /** An edit that names new members. */
  z.object({
    kind: z.literal('mention'),
    postId: id,
    commentId: id.nullable(),
    mentioned: ids,
  }),
  z.object({
    kind: z.literal('reaction'),
    target: z.enum(['post', 'comment']),
    id,
    actorId: z.string(),
  }),
  z.object({
    kind: z.literal('moderation'),
    userId: z.string(),
    action: z.enum(moderationActions),
    reason: z.string().nullable(),
    target: z.object({ type: z.enum(['post', 'comment', 'chat']), id }).nullable(),
    /** Muted until (ISO). */
    until: z.string().nullable().default(null),
  }),
  z.object({
    kind: z.literal('mod_request'),
    userId: z.string(),
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
    requestId: id,
  }),
  z.object({ kind: z.literal('news'), articleId: id }),
  z.object({ kind: z.literal('chat_mention'), messageId: id, mentioned: ids }),
]);
export type NotifyEvent = z.input<typeof notifyEventSchema>;

export const notifyJobKind = 'notify';

/**
 * Records `event` in the write's transaction `tx`; it is handled once that commits, or at
 * `runAt` (a scheduled article's publishing time).
 */
export async function notifyLater(
  tx: DbOrTx,
  event: NotifyEvent,
  options: { runAt?: Date } = {},
): Promise<void> {
  if ('mentioned' in event && event.kind === 'mention' && event.mentioned.length === 0) return;
  await enqueue(tx, { kind: notifyJobKind, payload: event, ...options });
}

/**
 * A new reply's event inside the statement that writes the reply: `inserted` names the rows
 * just inserted (their `id` is the reply's).
 */
export function notifyReplyFrom(inserted: SQL, mentioned: readonly string[]): SQL {
  const list = ids.parse(mentioned);
  return enqueueFrom(
    notifyJobKind,
    sql`jsonb_build_object('kind', 'reply', 'commentId', id, 'mentioned', ${JSON.stringify(list)}::jsonb)`,
    inserted,
  );
}
