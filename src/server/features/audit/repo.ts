import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { authorSelection } from '../../core/author.js';
import type { Db } from '../../platform/db/database.js';
import { auditLog, users } from '../../core/schema.js';

/** The SQL of reading the audit log (entries are written by core/audit.ts). */

/** The account an actor filter names, by id or (any case) username. */
export async function actorIdOf(db: Db, actor: string): Promise<string | undefined> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, actor), eq(users.username, actor.toLowerCase())));
  return found?.id;
}

export interface AuditFilter {
  actorId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
  /** Entries older than this one only (the cursor). */
  beforeId?: number | undefined;
  limit: number;
}

/** Entries newest first, each with its actor's account (none for the site itself). */
export function auditPage(db: Db, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
  return db
    .select({
      entry: auditLog,
      actor: authorSelection,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
