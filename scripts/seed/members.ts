import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, eq } from 'drizzle-orm';
import {
  hashPassword,
  insertAccount,
  grantSecondFactor,
} from '../../src/server/features/accounts/index.js';
import { accounts, users } from '../../src/server/schema.js';
import { demoMembers, type DemoMember } from './content/members.js';
import { daysAgo, type DemoSite } from './site.js';

export interface DemoCredential {
  role: string;
  email: string;
  password: string;
  /** The account asks for a second factor: its authenticator address and a recovery code. */
  secondFactor?: { uri: string; recoveryCode: string };
  /** Linked to this person at `npm run dev:idp`'s provider: "Continue with Test IdP" signs in. */
  linkedIdentity?: string;
}

/** The printed member linked to the local test provider's Ada Film (scripts/dev-idp.ts). */
const linkedRole = 'moderator';
export const devIdentity = { providerId: 'oidc', accountId: 'ada', name: 'Ada Film' } as const;

/** Links the member to the test provider's person, once. */
async function linkDevIdentity(site: DemoSite, userId: string): Promise<void> {
  const [linked] = await site.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.providerId, devIdentity.providerId),
        eq(accounts.accountId, devIdentity.accountId),
      ),
    );
  if (linked) return;
  await site.db.insert(accounts).values({
    id: randomUUID(),
    accountId: devIdentity.accountId,
    providerId: devIdentity.providerId,
    userId,
    createdAt: daysAgo(3),
    updatedAt: daysAgo(3),
  });
}

/** The printed member whose account shows the second factor (asked after the password). */
const secondFactorRole = 'user';

/** Random per run: a demo site reachable from elsewhere must not share known passwords. */
const freshPassword = () => `demo-${randomBytes(6).toString('base64url')}`;

/** The first member of each role is the one whose password is printed. */
const signInMembers = new Set(
  demoMembers
    .filter((member, index) => demoMembers.findIndex((m) => m.role === member.role) === index)
    .map((member) => member.username),
);

async function findMember(site: DemoSite, username: string) {
  const [row] = await site.db.select().from(users).where(eq(users.username, username));
  return row;
}

/**
 * A member made by an earlier run is kept as it is (an admin may have changed its role since);
 * a missing one is created verified and backdated, so the new-account limits and the 7-day
 * rule for moderator requests do not apply to it.
 */
async function ensureMember(site: DemoSite, member: DemoMember, host: string): Promise<string> {
  const found = await findMember(site, member.username);
  if (found) return found.id;
  const id = await insertAccount(site.db, {
    email: `${member.username}@${host}`,
    name: member.name,
    username: member.username,
    role: member.role,
    emailVerified: true,
    passwordHash: await hashPassword(freshPassword()),
  });
  await site.db
    .update(users)
    .set({ createdAt: daysAgo(member.joinedDaysAgo), updatedAt: daysAgo(member.joinedDaysAgo) })
    .where(eq(users.id, id));
  return id;
}

/**
 * The demo accounts' e-mail domain: the site's own name, or example.com where that is no domain
 * an address may have (localhost, a name without a dot, an IP address), which the sign-in refuses.
 */
export function mailDomain(publicUrl: URL): string {
  const { hostname } = publicUrl;
  return hostname.includes('.') && isIP(hostname) === 0 ? hostname : 'example.com';
}

/** Creates the missing members and sets a fresh password on one account per role. */
export async function seedMembers(site: DemoSite): Promise<DemoCredential[]> {
  const host = mailDomain(site.config.publicUrl);
  const credentials: DemoCredential[] = [];
  for (const member of demoMembers) {
    const id = await ensureMember(site, member, host);
    if (!signInMembers.has(member.username)) continue;
    const password = freshPassword();
    await site.db
      .update(accounts)
      .set({ password: await hashPassword(password), updatedAt: new Date() })
      .where(and(eq(accounts.userId, id), eq(accounts.providerId, 'credential')));
    const row = await findMember(site, member.username);
    if (!row) continue;
    if (row.role === linkedRole) {
      await linkDevIdentity(site, row.id);
      credentials.push({
        role: row.role,
        email: row.email,
        password,
        linkedIdentity: devIdentity.name,
      });
      continue;
    }
    if (row.role !== secondFactorRole) {
      credentials.push({ role: row.role, email: row.email, password });
      continue;
    }
    // A fresh key each run too, printed with the account, so the second factor can be tried.
    const factor = await grantSecondFactor(site.db, {
      secret: site.config.authSecret,
      userId: row.id,
      issuer: site.config.siteName,
      account: row.email,
    });
    credentials.push({
      role: row.role,
      email: row.email,
      password,
      secondFactor: { uri: factor.uri, recoveryCode: factor.recoveryCodes[0] ?? '' },
    });
  }
  return credentials;
}
