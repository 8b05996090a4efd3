import { z } from 'zod';
import { moderationActions } from '../../../../shared/notifications.js';
import { eventRowId, notifyEvent } from '../../../core/notify.js';

/**
 * A moderation action a member is told of: on their account (a mute, a block) or on something
 * they wrote (a thread, a reply, a chat message hidden or restored). Several features take such
 * actions (forum, chat, users, moderation), so the notice is the notifications feature's own.
 */
export const moderationNotice = notifyEvent(
  'moderation',
  z.object({
    userId: z.string(),
    action: z.enum(moderationActions),
    reason: z.string().nullable(),
    target: z.object({ type: z.enum(['post', 'comment', 'chat']), id: eventRowId }).nullable(),
    /** Muted until (ISO). */
    until: z.string().nullable().default(null),
  }),
);
