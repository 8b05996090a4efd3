import { z } from 'zod';
import { authorSchema } from './forum.js';
import { memberHistorySchema } from './member-history.js';
import { moderatorReasonSchema } from './reasons.js';
import { groupDigits, multiLineText, pageCursorSchema, visibleMin } from './text.js';

/** Moderator requests: a member asks to moderate, with a motivation; an admin decides. */

export const modRequestLimits = {
  motivationMin: 20,
  motivationMax: 1_000,
  /** A member may ask once the account is this old. */
  minAccountDays: 7,
} as const;

export const modRequestStatuses = ['open', 'approved', 'rejected'] as const;
export const createModRequestBody = z
  .object({
    motivation: multiLineText()
      .trim()
      .check(
        ...visibleMin(
          modRequestLimits.motivationMin,
          `Tell us a little more (at least ${modRequestLimits.motivationMin} characters)`,
        ),
      )
      .max(
        modRequestLimits.motivationMax,
        `At most ${groupDigits(modRequestLimits.motivationMax)} characters`,
      ),
  })
  .strict();
export const rejectModRequestBody = z.object({ reason: moderatorReasonSchema }).strict();
export const modRequestSchema = z.object({
  id: z.number().int(),
  requester: authorSchema,
  motivation: z.string(),
  status: z.enum(modRequestStatuses),
  decisionReason: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ModRequest = z.infer<typeof modRequestSchema>;
export const modRequestResponse = z.object({ request: modRequestSchema });
/** The signed-in user's latest request and whether they may ask now (and if not, why). */
export const myModRequestResponse = z.object({
  request: modRequestSchema.nullable(),
  eligibility: z.object({ eligible: z.boolean(), reason: z.string().nullable() }),
});
export const modRequestListQuery = z
  .object({
    status: z.enum(modRequestStatuses).default('open'),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const modRequestListResponse = z.object({
  items: z.array(modRequestSchema.extend({ requesterHistory: memberHistorySchema })),
  nextCursor: z.string().nullable(),
});
