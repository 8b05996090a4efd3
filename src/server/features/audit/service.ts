import { invalidArgument } from '../../../shared/errors.js';
import type {
  AuditAction,
  AuditEntry,
  AuditTargetType,
  auditListQuery,
} from '../../../shared/audit-log.js';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { actorIdOf, auditPage } from './repo.js';
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
  let actorId: string | undefined;
  if (query.actor) {
    actorId = await actorIdOf(db, query.actor);
    if (actorId === undefined) return { entries: [], nextCursor: null };
  }
  const rows = await auditPage(db, {
    actorId,
    targetType: query.targetType,
    targetId: query.targetId,
    action: query.action,
    beforeId: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
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
