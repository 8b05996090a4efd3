import type { AuditAction, AuditTargetType } from '../../shared/audit-log.js';
import { auditLog } from './schema.js';
import type { DbOrTx } from './transaction.js';

/**
 * Who did it: a member (by id), or the site itself — an automatic action (content hidden by
 * reports) or the operator's command line (`npm run admin`), which acts with no account.
 */
export type AuditActor = { id: string } | typeof systemActor;
export const systemActor = { system: true } as const;

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number; label?: string };
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one entry of the audit log. Call it inside the transaction that makes the change, so
 * the change and its record stand or fall together. Entries are never updated or deleted (a
 * database trigger refuses both).
 */
export async function recordAudit(db: DbOrTx, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: 'id' in entry.actor ? entry.actor.id : null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    targetLabel: entry.target.label ?? '',
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
