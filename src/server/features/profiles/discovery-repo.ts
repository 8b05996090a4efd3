import { and, asc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { profiles } from './schema.js';

/**
 * What search engines may read of the members: the profiles GET /api/profiles/:username shows
 * a visitor, that is every account with a username that was not deleted (a blocked member's
 * profile is shown, marked blocked, so it is listed too).
 */
const publicProfile = () => sql`${users.username} is not null and ${users.deletedAt} is null`;

/** A profile page changes with the account (name, avatar) and with the profile's own fields. */
const lastChange = () => sql<Date>`greatest(${users.updatedAt}, ${profiles.updatedAt})`;

/**
 * The public profiles in pages of `pageSize` by account id: each page's first and last id and
 * its latest change, in one pass (a page then reads its own id range).
 */
export function publicProfilePages(db: Db, pageSize: number) {
  const numbered = db
    .select({
      id: users.id,
      lastmod: lastChange().as('lastmod'),
      page: sql<number>`(row_number() over (order by ${users.id}) - 1) / ${pageSize}::integer`.as(
        'page',
      ),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(publicProfile())
    .as('numbered');
  return db
    .select({
      first: sql<string>`min(${numbered.id})`,
      last: sql<string>`max(${numbered.id})`,
      lastmod: sql<Date>`max(${numbered.lastmod})`.mapWith(users.updatedAt),
    })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
}

/** Public profiles of the id range `first`..`last` past `after`, in id order (the primary key). */
export function publicProfilesInRange(
  db: Db,
  range: { first: string; last: string; after?: string | undefined; limit: number },
) {
  const conditions: SQL[] = [
    publicProfile(),
    gte(users.id, range.first),
    lte(users.id, range.last),
  ];
  if (range.after !== undefined) conditions.push(gt(users.id, range.after));
  return db
    .select({
      id: users.id,
      username: sql<string>`coalesce(${users.displayUsername}, ${users.username})`,
      lastmod: lastChange().mapWith(users.updatedAt),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(users.id))
    .limit(range.limit);
}
