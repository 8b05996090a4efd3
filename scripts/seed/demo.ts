import { writeSetting } from '../../src/server/features/site/index.js';
import { seedProfiles } from './avatars.js';
import { seedChat } from './chat.js';
import { seedDonations } from './donations.js';
import { seedFilms } from './films.js';
import { seedForum } from './forum.js';
import { seedMembers, type DemoCredential } from './members.js';
import { seedModeration } from './moderation.js';
import { seedNews } from './news.js';
import { seedNotifications } from './notifications.js';
import type { DemoSite } from './site.js';

export type { DemoCredential } from './members.js';
export type { DemoSite } from './site.js';

const description =
  'Film reviews and viewpoints from people who stay for the credits: write about what you watched, argue kindly, find your next favourite.';

/**
 * Fills the site with a small living community: members of every role with avatars and
 * profiles, threads and reviews with replies and likes, news, chat rooms with a few hundred
 * messages, reports waiting for review, a moderator request, each member's notifications and
 * unread threads, and a donation campaign with about three months of donations paid through the
 * demo checkout. Whatever an earlier run made is
 * found again and kept, so running it twice adds nothing; only the printed accounts get fresh
 * passwords.
 */
export async function seedDemo(site: DemoSite): Promise<DemoCredential[]> {
  const credentials = await seedMembers(site);
  await seedProfiles(site);
  await seedFilms(site);
  await seedForum(site);
  await seedNews(site);
  await seedChat(site);
  await seedModeration(site);
  await seedNotifications(site);
  await seedDonations(site);
  await writeSetting(site.db, 'site.description', description);
  return credentials;
}
