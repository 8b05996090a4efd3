import type { DonationCurrency, DonationInterval } from '../../../src/shared/donations.js';

/**
 * A demo member gives signed in (the receipt goes to their verified address); a visitor gives
 * with the name typed in the form (none for one who only ever appears as Anonymous), and the
 * demo checkout shows their receipt on its thank-you page rather than mail anyone.
 */
export type DemoDonor = { member: string } | { name: string };

export interface DemoDonation {
  donor: DemoDonor;
  /** In cents of the site's currency. */
  amount: number;
  interval: DonationInterval;
  /** On the donor wall by name (a member by their display name), or as 'Anonymous'. */
  showName: boolean;
  message?: string;
  /** When it was paid; a monthly plan has paid again every 30 days since. */
  daysAgo: number;
  /** Given twice by mistake: this one is refunded through the provider. */
  refunded?: boolean;
  /** A message a moderator hides, and the reason they give. */
  hiddenBecause?: string;
  /**
   * Paid in another currency than the site's, as Stripe's Adaptive Pricing lets a donor abroad
   * do: the admin's totals show it beside the site's currency, never added to it.
   */
  paidIn?: { currency: DonationCurrency; amount: number };
}

/** The campaign's goal, and how far back it started and ahead it ends. */
export const demoCampaign = {
  goal: 250_000,
  startedDaysAgo: 60,
  endsInDays: 30,
  title: (siteName: string) => `Keep ${siteName} running through the year`,
  text: (siteName: string) =>
    `${siteName} has no ads, no investors and no algorithm deciding what you see. It runs on one small rented server looked after by volunteers, and on what members like you chip in.\n\n` +
    'Your donation pays for that server and its nightly off-site backups, so years of reviews, arguments and recommendations can never vanish overnight. What is left goes to the annual screening night, when we rent a real cinema, choose the film together and finally meet the people behind the usernames.\n\n' +
    'Every amount helps, once or monthly. Thank you for keeping the lights down and the projector on.',
};

const anonymous = (): DemoDonor => ({ name: '' });

/**
 * About three months of giving, the oldest before the campaign began: presets and custom
 * amounts, a few monthly plans, members by name (their profiles show the supporter badge),
 * visitors by name and anonymous ones. What stays of it is about 57% of the goal.
 */
export const demoDonations: DemoDonation[] = [
  {
    donor: anonymous(),
    amount: 2_500,
    interval: 'once',
    showName: false,
    daysAgo: 88.4,
  },
  {
    donor: { name: 'Inès Moreau' },
    amount: 2_500,
    interval: 'once',
    showName: true,
    message: 'Found you through the Agnès Varda thread and never left. Merci beaucoup.',
    daysAgo: 86.1,
  },
  {
    donor: { member: 'margot' },
    amount: 5_000,
    interval: 'once',
    showName: true,
    message:
      'First one in, as is tradition. This covers the new backup disk: the old one had seen more restarts than Groundhog Day.',
    daysAgo: 84.7,
  },
  {
    donor: { member: 'tomas_h' },
    amount: 2_500,
    interval: 'monthly',
    showName: true,
    message:
      'Twelve years in a projection booth taught me one thing: never let the lamp go dark. Monthly from me.',
    daysAgo: 75.3,
  },
  {
    donor: { name: 'Dev Patel' },
    amount: 1_000,
    interval: 'once',
    showName: true,
    daysAgo: 70.6,
  },
  {
    donor: anonymous(),
    amount: 1_000,
    interval: 'once',
    showName: false,
    message: 'Thank you for a corner of the internet that still talks about films kindly.',
    daysAgo: 68.2,
  },
  {
    donor: { name: 'Claire Dubois' },
    amount: 1_000,
    interval: 'monthly',
    showName: true,
    message: 'Monthly, because good things should run on a schedule, like a repertory cinema.',
    daysAgo: 65.5,
  },
  {
    donor: { name: 'Hannah Okafor' },
    amount: 25_000,
    interval: 'once',
    showName: true,
    message: 'Our film club picks from your lists every month. This one is from all eleven of us.',
    daysAgo: 55.8,
  },
  {
    donor: anonymous(),
    amount: 25_000,
    interval: 'once',
    showName: false,
    daysAgo: 52.4,
  },
  {
    donor: { member: 'priya_reels' },
    amount: 10_000,
    interval: 'once',
    showName: true,
    message:
      'For every thread that made me rewatch something with fresh eyes. Keep the cuts clean, everyone.',
    daysAgo: 50.1,
  },
  {
    donor: { name: 'Jonas Weber' },
    amount: 5_000,
    interval: 'once',
    showName: true,
    daysAgo: 47.9,
  },
  {
    donor: anonymous(),
    amount: 300,
    interval: 'once',
    showName: false,
    message: 'Student budget, big love.',
    daysAgo: 44.3,
  },
  {
    donor: { member: 'aiko' },
    amount: 1_000,
    interval: 'monthly',
    showName: true,
    message:
      'A small monthly thank-you, like a token for the bath-house. See you at screening night!',
    daysAgo: 40.6,
  },
  {
    donor: { name: 'Rosa Delgado' },
    amount: 2_000,
    interval: 'once',
    showName: true,
    message: 'For the horror crowd. Keep the lights off and the servers on.',
    daysAgo: 38.2,
  },
  {
    donor: { member: 'lucas_b' },
    amount: 1_500,
    interval: 'once',
    showName: true,
    daysAgo: 33.7,
  },
  {
    donor: { name: 'Kenji Mori' },
    amount: 5_000,
    interval: 'once',
    showName: true,
    message:
      'Happy to help keep this place independent: no ads, no algorithm, just people who love films.',
    daysAgo: 31.25,
  },
  {
    donor: { name: 'Kenji Mori' },
    amount: 5_000,
    interval: 'once',
    showName: true,
    daysAgo: 31.2,
    refunded: true,
  },
  {
    donor: { member: 'noor' },
    amount: 10_000,
    interval: 'once',
    showName: false,
    message: 'Quietly chipping in. This forum got me through a very long winter of Tarkovsky.',
    daysAgo: 28.4,
  },
  {
    donor: anonymous(),
    amount: 500,
    interval: 'monthly',
    showName: false,
    daysAgo: 26.8,
  },
  {
    donor: { name: 'Mateo Rossi' },
    amount: 750,
    interval: 'once',
    showName: true,
    message:
      'Grazie for the neorealism recommendations. Bicycle Thieves wrecked me, in a good way.',
    daysAgo: 24.1,
  },
  {
    donor: { name: 'Reel Deals' },
    amount: 500,
    interval: 'once',
    showName: true,
    message: 'Great site!! Every new release in 4K for free at reel-deals.example, no sign-up',
    daysAgo: 22.5,
    hiddenBecause: 'Advertises pirated films. The donation stands; the message is hidden.',
  },
  {
    donor: { member: 'samwatches' },
    amount: 2_500,
    interval: 'monthly',
    showName: true,
    message:
      'Cheaper than a cinema ticket and popcorn, and the conversation afterwards is better. Monthly from now on.',
    daysAgo: 20.3,
  },
  {
    donor: anonymous(),
    amount: 20_000,
    interval: 'once',
    showName: false,
    message:
      'In memory of my dad, who took me to every Saturday matinee. He would have liked it here.',
    daysAgo: 18.6,
  },
  {
    donor: { name: 'Olivia Brandt' },
    amount: 10_000,
    interval: 'once',
    showName: true,
    daysAgo: 16.2,
  },
  {
    donor: { member: 'elena_v' },
    amount: 1_000,
    interval: 'once',
    showName: true,
    daysAgo: 12.9,
  },
  {
    donor: { name: 'Sami Haddad' },
    amount: 1_000,
    interval: 'once',
    showName: true,
    message: 'For the screening night fund. Popcorn is on me this year (well, some of it).',
    daysAgo: 9.4,
  },
  {
    donor: anonymous(),
    amount: 1_000,
    interval: 'once',
    showName: false,
    daysAgo: 8.1,
  },
  {
    donor: { member: 'finn_oc' },
    amount: 4_200,
    interval: 'once',
    showName: true,
    message:
      'Long-time lurker, occasional ranter about aspect ratios. This place talked me into Sátántangó, out of three terrible sequels, and into a screening night where I met half of my film club. Servers, backups and biscuits: consider them covered for a while. Thank you, all of you!',
    daysAgo: 6.3,
  },
  {
    donor: anonymous(),
    amount: 2_500,
    interval: 'once',
    showName: false,
    message: 'Keep the lights down and the projector warm.',
    daysAgo: 4.2,
  },
  {
    donor: { member: 'gracek' },
    amount: 5_000,
    interval: 'once',
    showName: true,
    message:
      'For the servers, the backups and the biscuits at screening night. Mostly the biscuits.',
    daysAgo: 3.1,
  },
  {
    donor: { name: 'Lena Fischer' },
    amount: 2_500,
    interval: 'once',
    showName: true,
    message: 'Grüße aus Leipzig! Paid in euros, which your checkout kindly offered.',
    daysAgo: 6.8,
    paidIn: { currency: 'eur', amount: 2_300 },
  },
  {
    donor: { name: 'Beatrix Lowe' },
    amount: 500,
    interval: 'once',
    showName: true,
    message: 'A fiver from a lurker. Loved following the Oscars night chat.',
    daysAgo: 1.5,
  },
  {
    donor: anonymous(),
    amount: 1_200,
    interval: 'once',
    showName: false,
    daysAgo: 0.4,
  },
];
