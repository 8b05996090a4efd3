import { z } from 'zod';
import { eventMemberIds, eventRowId, notifyEvent } from '../../core/notify.js';

/** What the forum records for the notifications feature (core/notify.ts). */

/** A new thread: the members it mentions. */
export const threadStarted = notifyEvent(
  'post',
  z.object({ postId: eventRowId, mentioned: eventMemberIds }),
);

/** A new reply: the thread's watchers, the reply it answers, the members it mentions. */
export const replyPosted = notifyEvent(
  'reply',
  z.object({ commentId: eventRowId, mentioned: eventMemberIds }),
);

/** An edit of a thread (`commentId` null) or a reply that names new members: only they hear. */
export const mentionedByEdit = notifyEvent(
  'mention',
  z.object({ postId: eventRowId, commentId: eventRowId.nullable(), mentioned: eventMemberIds }),
  { tellsNobody: (event) => event.mentioned.length === 0 },
);

/** A like of a thread or a reply: its author hears, likes grouped. */
export const liked = notifyEvent(
  'reaction',
  z.object({ target: z.enum(['post', 'comment']), id: eventRowId, actorId: z.string() }),
);
