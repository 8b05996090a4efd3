import { z } from 'zod';
import { moderatorReasonSchema } from './reasons.js';

/** Mutes: a moderator silences a member for a while, with a reason the member is shown. */

export const muteDurations = ['1h', '1d', '1w'] as const;
export type MuteDuration = (typeof muteDurations)[number];
export const muteDurationSeconds: Record<MuteDuration, number> = {
  '1h': 3_600,
  '1d': 86_400,
  '1w': 604_800,
};
export const muteDurationLabels: Record<MuteDuration, string> = {
  '1h': '1 hour',
  '1d': '1 day',
  '1w': '1 week',
};
export const muteBody = z
  .object({ duration: z.enum(muteDurations), reason: moderatorReasonSchema })
  .strict();
export const muteSchema = z.object({
  reason: z.string(),
  until: z.iso.datetime({ offset: true }),
});
export type MuteInfo = z.infer<typeof muteSchema>;
/** Details of the permission-denied answer to a muted user's write. */
export const mutedDetails = z.object({ muted: muteSchema });
