import { z } from 'zod';
import { eventRowId, notifyEvent } from '../../core/notify.js';

/** What mod requests record for the notifications feature (core/notify.ts): a decision. */
export const modRequestDecided = notifyEvent(
  'mod_request',
  z.object({
    userId: z.string(),
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
    requestId: eventRowId,
  }),
);
