import path from 'node:path';
import type { CampaignSettings } from '../../src/shared/donations';
import { hashPassword, insertAccount } from '../../src/server/features/accounts/index.js';
import { openPglite } from '../../src/server/platform/db/database';
import { siteSettings } from '../../src/server/schema.js';

/** A member who gives monthly and stops it again, signed in through the form. */
export const monthlyDonor = {
  name: 'Mona Monthly',
  username: 'mona',
  email: 'mona@example.test',
  password: 'mona-velvet-reel-73',
  role: 'user',
};

/** The admin who reads the donations back, signed in through the form. */
export const treasurer = {
  name: 'Tess Treasurer',
  username: 'tess',
  email: 'tess@example.test',
  password: 'tess-lantern-orchard-51',
  role: 'admin',
};

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A campaign that started a week ago and ends in three weeks, with nothing raised yet. */
export const campaign: CampaignSettings = {
  title: 'Keep the projector running',
  text: 'Viewpoint runs on a small server and a lot of goodwill.\n\nYour gift pays for the next year.',
  goal: 100_000,
  startsAt: day(-7),
  endsAt: day(21),
};

/** Writes the admin, the member and the campaign into a fresh data directory before its server starts. */
export async function seedDonations(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    for (const account of [treasurer, monthlyDonor]) {
      await insertAccount(db, {
        ...account,
        emailVerified: true,
        passwordHash: await hashPassword(account.password),
      });
    }
    await db.insert(siteSettings).values({ key: 'donations.campaign', value: campaign });
  } finally {
    await database.close();
  }
}
