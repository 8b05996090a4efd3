import type { Role } from '../../src/shared/roles';
import { hashPassword, insertAccount } from '../../src/server/features/accounts/index.js';
import type { Db } from '../../src/server/platform/db/database';

/** One member of a spec's story, signed in through the form with this password. */
export interface CastMember {
  name: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** Writes a story's members as verified accounts; answers each one's id by username. */
export async function insertCast(
  db: Db,
  members: readonly CastMember[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const person of members) {
    const id = await insertAccount(db, {
      ...person,
      emailVerified: true,
      passwordHash: await hashPassword(person.password),
    });
    ids.set(person.username, id);
  }
  return ids;
}
