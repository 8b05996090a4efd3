import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ModRequest } from '../../../shared/mod-requests.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { modRequests } from './schema.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import { presentAuthor, authorSelection } from '../../core/author.js';
import {
  cursorRowId,
  cursorTime,
  cursorTimestamp,
  decodeCursor,
  encodeCursor as encode,
} from '../../core/cursor.js';
import { memberCounts, presentMemberHistory } from '../users/index.js';

type RequestRow = typeof modRequests.$inferSelect;
type AuthorRow = { [K in keyof typeof authorSelection]: (typeof users.$inferSelect)[K] };

export function presentModRequest(request: RequestRow, requester: AuthorRow): ModRequest {
  return {
    id: Number(request.id),
    requester: presentAuthor(requester),
    motivation: request.motivation,
    status: request.status as ModRequest['status'],
    decisionReason: request.decisionReason,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
  };
}

/** The user's latest request (mod_requests_user_idx), open or decided. */
export async function latestRequestOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ request: modRequests, requester: authorSelection })
    .from(modRequests)
    .innerJoin(users, eq(users.id, modRequests.userId))
    .where(eq(modRequests.userId, userId))
    .orderBy(desc(modRequests.createdAt), desc(modRequests.id))
    .limit(1);
  return row;
}

/** The account that asks or is decided on, as its row (eligibility reads most of its columns). */
export async function accountOf(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The same account locked, so two requests or decisions sent at once are taken one by one. */
export async function lockAccount(tx: Tx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** An approved request's effect: the member becomes a moderator. */
export async function makeModerator(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ role: 'moderator', updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function insertRequest(tx: Tx, userId: string, motivation: string) {
  const [created] = await tx.insert(modRequests).values({ userId, motivation }).returning();
  return created;
}

/** An admin's decision, stamped now. */
export async function recordDecision(
  tx: Tx,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedById: string; decisionReason: string | null },
) {
  const [updated] = await tx
    .update(modRequests)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(modRequests.id, id))
    .returning();
  return updated;
}

/** A request locked for a decision, with its requester's account row. */
export async function lockRequest(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ request: modRequests, requester: users })
    .from(modRequests)
    .innerJoin(users, eq(users.id, modRequests.userId))
    .where(eq(modRequests.id, id))
    .for('update');
  return row;
}

/** Cursor: the last row's creation time with its microseconds, and its id. */
const cursorSchema = z.tuple([cursorTimestamp, cursorRowId]);

/** Requests of one status, newest first, through mod_requests_status_idx. */
export async function listRequests(
  db: Db,
  query: { status: string; cursor?: string | undefined; limit: number },
) {
  const conditions: SQL[] = [eq(modRequests.status, query.status)];
  if (query.cursor) {
    const [key, id] = decodeCursor(query.cursor, cursorSchema);
    conditions.push(
      sql`(${modRequests.createdAt}, ${modRequests.id}) < (${key}::timestamptz, ${id}::bigint)`,
    );
  }
  const rows = await db
    .select({
      request: modRequests,
      requester: authorSelection,
      joinedAt: users.createdAt,
      history: memberCounts(sql`${users.id}`),
      cursorKey: cursorTime(modRequests.createdAt),
    })
    .from(modRequests)
    .innerJoin(users, eq(users.id, modRequests.userId))
    .where(and(...conditions))
    .orderBy(desc(modRequests.createdAt), desc(modRequests.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      ...presentModRequest(row.request, row.requester),
      requesterHistory: presentMemberHistory({ createdAt: row.joinedAt, ...row.history }),
    })),
    nextCursor:
      rows.length > query.limit && last ? encode([last.cursorKey, Number(last.request.id)]) : null,
  };
}
