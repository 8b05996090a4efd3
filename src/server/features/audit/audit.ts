import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { invalidArgument } from '../../../shared/errors.js';
import type {
  AuditAction,
  AuditEntry,
  AuditTargetType,
  auditListQuery,
} from '../../../shared/audit-log.js';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { auditLog, users } from '../../platform/db/schema.js';
import { presentAuthor } from '../../core/author.js';

type AuditQuery = z.output<typeof auditListQuery>;

const encodeCursor = (id: number) => Buffer.from(String(id)).toString('base64url');
function decodeCursor(cursor: string): number {
  const id = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isSafeInteger(id) || id < 1) {
    throw invalidArgument('This page link is not valid any more: start again from the first page');
  }
  return id;
}

/** Newest first, filtered by actor (username or id), target and action; id cursors. */
export async function listAudit(
  db: Db,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (query.actor) {
    const actor = query.actor.toLowerCase();
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.id, query.actor), eq(users.username, actor)));
    if (!found) return { entries: [], nextCursor: null };
    conditions.push(eq(auditLog.actorId, found.id));
  }
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.cursor) conditions.push(lt(auditLog.id, decodeCursor(query.cursor)));
  const rows = await db
    .select({
      entry: auditLog,
      actor: {
        id: users.id,
        name: users.name,
        username: users.username,
        displayUsername: users.displayUsername,
        image: users.image,
        role: users.role,
        deletedAt: users.deletedAt,
      },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ entry, actor }) => ({
      id: Number(entry.id),
      actor: actor ? presentAuthor(actor) : null,
      action: entry.action as AuditAction,
      target: {
        type: entry.targetType as AuditTargetType,
        id: entry.targetId,
        label: entry.targetLabel,
      },
      reason: entry.reason,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.entry.id)) : null,
  };
}
