import { z } from 'zod';
import { authorSchema } from './forum.js';
import { pageCursorSchema, singleLineText } from './text.js';

/**
 * The audit log: every moderation and admin action, who took it (or the site itself), on what,
 * why, and what changed.
 */

export const auditActions = [
  'report.dismiss',
  'post.hide',
  'post.restore',
  'post.lock',
  'post.unlock',
  'post.pin',
  'post.unpin',
  'post.move',
  'post.purge',
  'post.edit',
  'comment.hide',
  'comment.restore',
  'comment.purge',
  'comment.edit',
  'user.mute',
  'user.unmute',
  'user.block',
  'user.unblock',
  'user.role',
  'user.identity-link',
  'user.identity-unlink',
  'mod-request.approve',
  'mod-request.reject',
  'news.create',
  'news.update',
  'news.delete',
  'category.create',
  'category.update',
  'category.reorder',
  'site.update',
  'chat-message.hide',
  'chat-message.restore',
  'chat-room.create',
  'chat-room.update',
  'donation-message.hide',
  'donation-message.restore',
  'campaign.update',
  'film.update',
  'film.merge',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditTargetTypes = [
  'user',
  'post',
  'comment',
  'mod-request',
  'news',
  'category',
  'site',
  'chat-message',
  'chat-room',
  'donation',
  'campaign',
  'film',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** How the audit log names the site itself when it acted (no member did). */
export const systemActorName = 'System';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null when the site itself acted: an automatic action or the operator's command line. */
  actor: authorSchema.nullable(),
  action: z.enum(auditActions),
  target: z.object({ type: z.enum(auditTargetTypes), id: z.string(), label: z.string() }),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListQuery = z
  .object({
    /** A username or user id. */
    actor: singleLineText().trim().min(1).max(100).optional(),
    targetType: z.enum(auditTargetTypes).optional(),
    targetId: singleLineText().trim().min(1).max(100).optional(),
    action: z.enum(auditActions).optional(),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export const auditListResponse = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
