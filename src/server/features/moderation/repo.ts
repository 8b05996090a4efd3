import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../core/transaction.js';
import { reports } from '../../platform/db/schema.js';
import type { ItemKey } from './targets.js';

/** The open reports of one thread (`commentId` null) or reply. */
function openReportsOf(item: ItemKey) {
  return and(
    eq(reports.postId, item.postId),
    item.commentId === null ? isNull(reports.commentId) : eq(reports.commentId, item.commentId),
    eq(reports.status, 'open'),
  );
}

export async function countOpenReports(tx: Tx, item: ItemKey): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(reports)
    .where(openReportsOf(item));
  return row?.n ?? 0;
}

/** Every open report of the item is closed by the action taken on it, its resolution. */
export async function closeReports(
  tx: Tx,
  item: ItemKey,
  resolution: string,
  resolvedById: string,
): Promise<void> {
  await tx
    .update(reports)
    .set({ status: 'resolved', resolution, resolvedById, resolvedAt: sql`now()` })
    .where(openReportsOf(item));
}
