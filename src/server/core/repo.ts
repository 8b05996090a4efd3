import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Ranked } from '../../shared/rank.js';
import { isRole } from '../../shared/roles.js';
import type { MentionableMember } from '../markdown/mentions.js';
import { users } from './schema.js';
import type { DbOrTx } from './transaction.js';

/** The rank of the author of some content: their role, or null once their account is deleted. */
export async function authorRank(db: DbOrTx, authorId: string): Promise<Ranked | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, authorId));
  return row && row.deletedAt === null ? { id: row.id, role: row.role } : null;
}

/**
 * What a member may do right now, read afresh (a live socket outlives changes to its account):
 * their role, mute and block, for `activeMute` and `activeBlock`; null once the account is
 * deleted.
 */
export async function memberStanding(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({
      role: users.role,
      mutedUntil: users.mutedUntil,
      muteReason: users.muteReason,
      banned: users.banned,
      banReason: users.banReason,
      banExpires: users.banExpires,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, memberId));
  return row && row.deletedAt === null
    ? { ...row, role: isRole(row.role) ? row.role : null }
    : null;
}

/**
 * The members that `@name` may link to among the lower-cased `usernames`: existing accounts,
 * not deleted and not blocked right now (a block without an end date, or one not yet over).
 */
export async function mentionableMembers(
  db: DbOrTx,
  usernames: readonly string[],
): Promise<Map<string, MentionableMember>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        inArray(users.username, [...usernames]),
        isNull(users.deletedAt),
        sql`not (${users.banned} and (${users.banExpires} is null or ${users.banExpires} > now()))`,
      ),
    );
  return new Map(
    rows.flatMap((row) =>
      row.username ? [[row.username.toLowerCase(), { id: row.id, username: row.username }]] : [],
    ),
  );
}
