import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/database.js';
import { users } from '../platform/db/schema.js';
import type { Role } from '../../shared/roles.js';

export type UserRow = typeof users.$inferSelect;

let sequence = 0;

/** Inserts a user with believable defaults; any field can be overridden. */
export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<UserRow> {
  sequence += 1;
  const handle = `member${sequence}_${randomUUID().slice(0, 6)}`;
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: `Member ${sequence}`,
      email: `${handle}@example.test`,
      username: handle,
      emailVerified: true,
      role: 'user',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
