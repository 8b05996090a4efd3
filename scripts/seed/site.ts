import { eq } from 'drizzle-orm';
import type { Config } from '../../src/server/config.js';
import type { Viewer } from '../../src/server/core/viewer.js';
import type { Db } from '../../src/server/platform/db/database.js';
import { users } from '../../src/server/schema.js';
import type { Storage } from '../../src/server/platform/storage/storage.js';
import { isRole } from '../../src/shared/roles.js';

/**
 * What the demo seed writes to: the opened database and storage, and the site's settings (the
 * data directory's mail outbox takes the donation receipts).
 */
export interface DemoSite {
  db: Db;
  storage: Storage;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'uploadQuotaBytes'
    | 'dataDir'
    | 'siteName'
    | 'mailFrom'
    | 'authSecret'
    | 'stripe'
    | 'donationCurrency'
  >;
}

const dayMs = 86_400_000;

/** A moment `days` ago (fractions allowed), so the demo's lists have an order. */
export const daysAgo = (days: number, from = Date.now()) => new Date(from - days * dayMs);

/**
 * The seed acts as each member, through the same services their requests use; a member's
 * viewer is read from their account row as a signed-in request would see it.
 */
export async function viewerOf(db: Db, username: string): Promise<Viewer> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`The demo member ${username} is missing`);
  return {
    id: row.id,
    sessionId: 'demo-seed',
    name: row.name,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    role: isRole(row.role) ? row.role : null,
    image: row.image,
    createdAt: row.createdAt,
    mute: null,
    secondFactor: row.twoFactorEnabled,
  };
}

/** Each member's viewer, by username, read once per run. */
export async function viewersOf(db: Db, usernames: readonly string[]) {
  const viewers = new Map<string, Viewer>();
  for (const username of usernames) viewers.set(username, await viewerOf(db, username));
  return (username: string): Viewer => {
    const viewer = viewers.get(username);
    if (!viewer) throw new Error(`${username} is not a demo member`);
    return viewer;
  };
}
