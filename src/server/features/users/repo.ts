import { and, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/accounts.js';
import { isRole, type Role } from '../../../shared/roles.js';
import type { Db } from '../../platform/db/database.js';
import { sessions, users } from '../../platform/db/schema.js';
import { activeBlock } from '../accounts/viewer.js';

type UserRow = typeof users.$inferSelect;

export function presentAdminUser(row: UserRow, options: { showEmail: boolean }): AdminUser {
  const block = activeBlock(row);
  return {
    id: row.id,
    name: row.name,
    username: row.displayUsername ?? row.username,
    email: options.showEmail ? row.email : '',
    emailVerified: row.emailVerified,
    role: isRole(row.role) ? row.role : null,
    createdAt: row.createdAt.toISOString(),
    block: block ? { reason: block.reason, until: block.until?.toISOString() ?? null } : null,
  };
}

/** Cursor: the last row's creation time and id, so pages never skip or repeat a user. */
const encodeCursor = (row: UserRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(time ?? '');
  return id && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : undefined;
}

export async function listUsers(
  db: Db,
  options: { q?: string; cursor?: string; limit: number; searchEmail: boolean },
) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = [ilike(users.name, pattern), ilike(users.username, pattern)];
    if (options.searchEmail) matches.push(ilike(users.email, pattern));
    conditions.push(or(...matches) as SQL);
  }
  // Ordered by creation time in milliseconds, what a JS Date and so the cursor hold: the
  // database keeps microseconds, and users created in one millisecond were skipped otherwise.
  const created = sql`date_trunc('milliseconds', ${users.createdAt})`;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (after) {
    const time = after.createdAt.toISOString();
    conditions.push(
      or(
        sql`${created} < ${time}::timestamptz`,
        and(sql`${created} = ${time}::timestamptz`, lt(users.id, after.id)),
      ) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(created), desc(users.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}

export async function findActiveUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * True when `id` is the only admin who can still act (not deleted, not blocked or the block has
 * ended). Locks the active admins' rows until the transaction ends, so two admins demoting or
 * blocking each other at the same moment cannot leave the site without one.
 */
async function isLastActiveAdmin(tx: Tx, id: string): Promise<boolean> {
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

/** The change was refused: it would leave the site without an active admin. */
export const lastAdmin = Symbol('last-admin');

export async function setBlock(
  db: Db,
  id: string,
  block: { reason: string; until: Date | null } | null,
): Promise<UserRow | typeof lastAdmin | undefined> {
  return db.transaction(async (tx) => {
    if (block && (await isLastActiveAdmin(tx, id))) return lastAdmin;
    // A block keeps the sessions only so that the next request of any open tab is refused
    // with the reason (accounts/viewer.ts ends them there). Lifting a block ends whatever is
    // left, so no session from before the block comes back to life.
    if (!block) await tx.delete(sessions).where(eq(sessions.userId, id));
    const [row] = await tx
      .update(users)
      .set({
        banned: block !== null,
        banReason: block?.reason ?? null,
        banExpires: block?.until ?? null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    return row;
  });
}

export async function setRole(
  db: Db,
  id: string,
  role: Role,
): Promise<UserRow | typeof lastAdmin | undefined> {
  return db.transaction(async (tx) => {
    if (role !== 'admin' && (await isLastActiveAdmin(tx, id))) return lastAdmin;
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  });
}
