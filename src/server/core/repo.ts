import { eq } from 'drizzle-orm';
import type { Ranked } from '../../shared/rank.js';
import { users } from '../platform/db/schema.js';
import type { DbOrTx } from './transaction.js';

/** The rank of the author of some content: their role, or null once their account is deleted. */
export async function authorRank(db: DbOrTx, authorId: string): Promise<Ranked | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, authorId));
  return row && row.deletedAt === null ? { id: row.id, role: row.role } : null;
}
