import { z } from 'zod';

/** What a moderator sees of a member next to their content, their request or their account. */
export const memberHistorySchema = z.object({
  joinedAt: z.iso.datetime({ offset: true }),
  postCount: z.number().int(),
  commentCount: z.number().int(),
  /** Reports against their content, all time. */
  reportsAgainst: z.number().int(),
  /** Moderation actions taken on their account or content. */
  sanctions: z.number().int(),
});
export type MemberHistory = z.infer<typeof memberHistorySchema>;
