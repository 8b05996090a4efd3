import { z } from 'zod';
import { moneyTotalSchema } from './currencies.js';

/** The admin dashboard's figures. */
export const adminStatsResponse = z.object({
  users: z.number().int(),
  newUsersThisWeek: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  openReports: z.number().int(),
  pendingModRequests: z.number().int(),
  /**
   * Null until donations exist: how many were received and kept, and the money kept per
   * currency paid in (the site's first; currencies are never added together).
   */
  donations: z.object({ count: z.number().int(), amounts: z.array(moneyTotalSchema) }).nullable(),
});
export type AdminStats = z.infer<typeof adminStatsResponse>;
