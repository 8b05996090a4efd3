import { z } from 'zod';
import { muteSchema } from './mutes.js';
import { roles } from './roles.js';

/*
 * Who is signed in, apart from the rest of the accounts' contract (src/shared/accounts.ts): every
 * page reads the session, so this part travels with every visitor's first download.
 */

export const blockSchema = z.object({
  reason: z.string(),
  /** ISO time the block ends; null for a block without an end date. */
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type BlockInfo = z.infer<typeof blockSchema>;

/** Details of the permission-denied answer for a blocked account (sign-in or any call). */
export const blockedDetails = z.object({ blocked: blockSchema });

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(roles).nullable(),
  image: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** A moderator's mute in force: the user reads but cannot post, reply or chat until then. */
  mute: muteSchema.nullable(),
  /** Every way in asks this member for a second factor. */
  secondFactor: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponse = z.object({ user: sessionUserSchema.nullable() });
export const userResponse = z.object({ user: sessionUserSchema });
