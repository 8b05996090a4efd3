import { and, asc, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { userSorts, type AdminUser, type userListQuery } from '../../../shared/accounts.js';
import { isRole, type Role } from '../../../shared/roles.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { endSessionsOf } from '../accounts/index.js';
import { memberCounts } from './member-history-sql.js';
import { activeBlock, activeMute, presentMute } from '../../core/viewer.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import {
  cursorText,
  decodeCursor,
  encodeCursor as encode,
  malformedCursor,
} from '../../core/cursor.js';

type UserRow = typeof users.$inferSelect;

/** An account with the counts a moderator sees beside it, read in one statement. */
// Qualified by hand: Drizzle writes a one-table select's columns bare, and a bare "id" inside
// the count subqueries would be their own table's.
const adminUserFields = { user: users, ...memberCounts(sql`"users"."id"`) };
export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

export function presentAdminUser(row: AdminUserRow, options: { showEmail: boolean }): AdminUser {
  const { user } = row;
  const block = activeBlock(user);
  return {
    id: user.id,
    name: user.name,
    username: user.displayUsername ?? user.username,
    email: options.showEmail ? user.email : '',
    emailVerified: user.emailVerified,
    role: isRole(user.role) ? user.role : null,
    createdAt: user.createdAt.toISOString(),
    block: block ? { reason: block.reason, until: block.until?.toISOString() ?? null } : null,
    mute: presentMute(activeMute(user)),
    postCount: row.postCount,
    commentCount: row.commentCount,
    reportsAgainst: row.reportsAgainst,
  };
}

export async function findAdminUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select(adminUserFields)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

type ListQuery = z.output<typeof userListQuery>;
type Sort = ListQuery['sort'];

// Ordered by creation time in milliseconds, what a JS Date and so the cursor hold: the
// database keeps microseconds, and users created in one millisecond were skipped otherwise.
const created = sql`date_trunc('milliseconds', ${users.createdAt})`;
const lowerName = sql`lower(${users.name})`;

/** Each sort: its key, the direction, and how a row's key travels in the cursor. */
const sorts = {
  newest: { key: created, descending: true, cast: sql`::timestamptz` },
  oldest: { key: created, descending: false, cast: sql`::timestamptz` },
  name: { key: lowerName, descending: false, cast: sql`::text` },
} as const;

const cursorKey = (sort: Sort, row: UserRow) =>
  sort === 'name' ? row.name.toLowerCase() : row.createdAt.toISOString();

/** Cursor: the sort, the last row's key and id, so pages never skip or repeat a user. */
const encodeCursor = (sort: Sort, row: UserRow) =>
  encode({ sort, key: cursorKey(sort, row), id: row.id });

/** A name is text; a time is exactly as toISOString wrote it, so PostgreSQL takes it too. */
const isoTime = z.iso.datetime().refine((key) => new Date(key).toISOString() === key);
const cursorSchema = z.object({ sort: z.enum(userSorts), key: cursorText, id: cursorText });

function decodeUserCursor(cursor: string, sort: Sort): { key: string; id: string } {
  const { sort: given, key, id } = decodeCursor(cursor, cursorSchema);
  if (given !== sort || (sort !== 'name' && !isoTime.safeParse(key).success)) {
    throw malformedCursor();
  }
  return { key, id };
}

const blockedNow = sql`(${users.banned} and (${users.banExpires} is null or ${users.banExpires} > now()))`;
const mutedNow = sql`(${users.mutedUntil} is not null and ${users.mutedUntil} > now())`;

const statusConditions: Record<NonNullable<ListQuery['status']>, SQL> = {
  active: sql`(${users.emailVerified} and not ${blockedNow} and not ${mutedNow})`,
  blocked: blockedNow,
  muted: mutedNow,
  unverified: sql`not ${users.emailVerified}`,
};

export async function listUsers(db: Db, query: ListQuery & { searchEmail: boolean }) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = [ilike(users.name, pattern), ilike(users.username, pattern)];
    if (query.searchEmail) matches.push(ilike(users.email, pattern));
    conditions.push(or(...matches) as SQL);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(statusConditions[query.status]);
  const sort = sorts[query.sort];
  if (query.cursor) {
    const after = decodeUserCursor(query.cursor, query.sort);
    const key = sql`${after.key}${sort.cast}`;
    const past = sort.descending ? sql`<` : sql`>`;
    conditions.push(
      or(
        sql`${sort.key} ${past} ${key}`,
        and(sql`${sort.key} = ${key}`, sql`${users.id} ${past} ${after.id}`),
      ) as SQL,
    );
  }
  const order = sort.descending ? [desc(sort.key), desc(users.id)] : [asc(sort.key), asc(users.id)];
  const rows = await db
    .select(adminUserFields)
    .from(users)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort, last.user) : null,
  };
}

/** The account, locked until the transaction ends when `lock` is set. */
export async function findActiveUser(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * True when `id` is the only admin who can still act (not deleted, not blocked or the block has
 * ended). Locks the active admins' rows until the transaction ends, so two admins demoting or
 * blocking each other at the same moment cannot leave the site without one.
 */
export async function isLastActiveAdmin(tx: Tx, id: string): Promise<boolean> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        isNull(users.deletedAt),
        or(eq(users.banned, false), lt(users.banExpires, sql`now()`)),
      ),
    )
    .orderBy(users.id)
    .for('update');
  return admins.length === 1 && admins[0]?.id === id;
}

export async function updateBlock(
  tx: Tx,
  id: string,
  block: { reason: string; until: Date | null } | null,
): Promise<void> {
  // A block keeps the sessions only so that the next request of any open tab is refused
  // with the reason (accounts/sessions/session-viewer.ts ends them there). Lifting a block ends whatever is
  // left, so no session from before the block comes back to life.
  if (!block) await endSessionsOf(tx, id);
  await tx
    .update(users)
    .set({
      banned: block !== null,
      banReason: block?.reason ?? null,
      banExpires: block?.until ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

export async function updateRole(tx: Tx, id: string, role: Role): Promise<void> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function updateMute(
  tx: Tx,
  id: string,
  mute: { reason: string; until: Date } | null,
): Promise<void> {
  await tx
    .update(users)
    .set({
      mutedUntil: mute?.until ?? null,
      muteReason: mute?.reason ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}
