import { z } from 'zod';
import { eventMemberIds, eventRowId, notifyEvent } from '../../core/notify.js';

/** What chat records for the notifications feature (core/notify.ts): a message's mentions. */
export const chatMentioned = notifyEvent(
  'chat_mention',
  z.object({ messageId: eventRowId, mentioned: eventMemberIds }),
);
