import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  demoEvents,
  checkoutBySession,
  createDonationService,
  hashBrowserToken,
  newBrowserToken,
  type DonationService,
} from '../../src/server/features/donations/index.js';
import { donationTotals } from '../../src/server/features/donations/index.js';
import { createLogger } from '../../src/server/logger.js';
import { donations } from '../../src/server/schema.js';
import { createOutboxMailer, type Mailer } from '../../src/server/platform/mail/mailer.js';
import {
  createDemoPayments,
  demoEvent,
  demoId,
} from '../../src/server/platform/payments/payments.js';
import type { Viewer } from '../../src/server/core/viewer.js';
import {
  adminDonationsQuery,
  campaignSettingsSchema,
  checkoutBodyFor,
  donationLimits,
  type DonationCurrency,
} from '../../src/shared/donations.js';
import { demoCampaign, demoDonations, type DemoDonation } from './content/donations.js';
import { daysAgo, viewerOf, type DemoSite } from './site.js';

const unixTime = (date: Date) => Math.floor(date.getTime() / 1000);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const monthDays = 30;

/** What the provider told us of a paid checkout: our checkout id, its payment or its plan. */
const completedSession = z.object({
  type: z.literal('checkout.session.completed'),
  data: z.object({
    object: z.object({
      id: z.string(),
      metadata: z.object({ checkout_id: z.string() }),
      payment_intent: z.string().nullable(),
      subscription: z.string().nullable(),
    }),
  }),
});

interface PaidCheckout {
  checkoutId: string;
  paymentIntent: string | null;
  subscription: string | null;
}

/**
 * The donations service as the server builds it on the demo checkout, with receipts written to
 * the data directory's outbox. Every event reaches `receive` signed, as the webhook route
 * passes it on, so the seed's payments are verified and applied by the same code as a real one.
 */
function openDemoCheckout(site: DemoSite, mailer: Mailer, log: Logger) {
  const payments = createDemoPayments({ secret: site.config.authSecret });
  const paid = new Map<string, PaidCheckout>();

  async function receive(payload: string, signature: string) {
    // Kept as Stripe tells it: a refund names the payment intent, a renewal names the plan.
    const completed = completedSession.safeParse(JSON.parse(payload));
    if (completed.success) {
      const session = completed.data.data.object;
      paid.set(session.id, {
        checkoutId: session.metadata.checkout_id,
        paymentIntent: session.payment_intent,
        subscription: session.subscription,
      });
    }
    const answer = await service.receive(Buffer.from(payload), signature);
    if (!answer.handled) throw new Error(`A demo payment event was not applied: ${payload}`);
  }

  const service: DonationService = createDonationService({
    db: site.db,
    payments,
    mailer,
    currency: site.config.donationCurrency,
    siteName: site.config.siteName,
    publicUrl: site.config.publicUrl,
    authSecret: site.config.authSecret,
    log,
    deliver: receive,
  });

  return {
    service,
    /** Sends an event as the provider would: signed, to the webhook's handling. */
    async send(event: Awaited<ReturnType<typeof demoEvent>>) {
      const payload = JSON.stringify(event);
      if (!payments.signEvent) throw new Error('The demo checkout signs its own events');
      await receive(payload, await payments.signEvent(payload));
    },
    paidCheckout(sessionId: string): PaidCheckout {
      const checkout = paid.get(sessionId);
      if (!checkout) throw new Error(`The demo checkout ${sessionId} was not completed`);
      return checkout;
    },
  };
}

type DemoCheckout = ReturnType<typeof openDemoCheckout>;

/** A monthly plan's later payment: the invoice Stripe sends as paid on that day. */
function renewal(plan: PaidCheckout, gift: Gift, paidAt: Date) {
  if (!plan.subscription) throw new Error('A monthly demo donation has no plan');
  const metadata = { checkout_id: plan.checkoutId };
  return demoEvent(
    'invoice.paid',
    {
      id: demoId('in'),
      object: 'invoice',
      status: 'paid',
      amount_paid: gift.amount,
      currency: gift.currency,
      customer_email: gift.viewer?.email ?? null,
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: plan.subscription, metadata },
      },
      payments: {
        object: 'list',
        data: [{ payment: { type: 'payment_intent', payment_intent: demoId('pi') } }],
      },
      status_transitions: { paid_at: unixTime(paidAt) },
    },
    unixTime(paidAt),
  );
}

/** The whole payment sent back, as Stripe reports a refund made in its dashboard. */
function refund(payment: PaidCheckout, gift: Gift) {
  if (!payment.paymentIntent) throw new Error('Only a one-off demo donation is refunded');
  return demoEvent(
    'charge.refunded',
    {
      id: demoId('ch'),
      object: 'charge',
      status: 'succeeded',
      amount: gift.amount,
      amount_refunded: gift.amount,
      currency: gift.currency,
      refunded: true,
      payment_intent: payment.paymentIntent,
    },
    unixTime(new Date()),
  );
}

/**
 * A donation with its donor as the checkout sees them: signed in, or a name; and the money as
 * paid, in the site's currency or the one the donor paid in.
 */
interface Gift {
  viewer: Viewer | null;
  name: string;
  amount: number;
  currency: DonationCurrency;
}

async function giftOf(site: DemoSite, donation: DemoDonation): Promise<Gift> {
  const paid = donation.paidIn ?? {
    amount: donation.amount,
    currency: site.config.donationCurrency,
  };
  if ('member' in donation.donor) {
    const viewer = await viewerOf(site.db, donation.donor.member);
    return { viewer, name: '', ...paid };
  }
  return { viewer: null, name: donation.donor.name, ...paid };
}

/**
 * A donor abroad paying in their own currency: Stripe's Adaptive Pricing completes the session
 * in it. The demo's Pay cannot (it pays what was asked), so the seed sends the same events with
 * the currency and amount paid.
 */
async function payInOwnCurrency(site: DemoSite, demo: DemoCheckout, sessionId: string, gift: Gift) {
  const checkout = await checkoutBySession(site.db, sessionId);
  if (!checkout) throw new Error(`The demo checkout ${sessionId} is missing`);
  const paid = { ...checkout, session_id: sessionId, amount: gift.amount, currency: gift.currency };
  for (const event of await demoEvents(paid, checkout.email)) await demo.send(event);
}

/**
 * One donation as its donor makes it: the form's checkout (signed in or not, from a browser of
 * its own), then Pay on the demo checkout page; then its date is set back to when the demo
 * says it was given. A monthly plan's later payments come as the provider's paid invoices.
 */
async function give(site: DemoSite, demo: DemoCheckout, donation: DemoDonation) {
  const gift = await giftOf(site, donation);
  const browserHash = hashBrowserToken(newBrowserToken());
  const body = checkoutBodyFor(site.config.donationCurrency).parse({
    amount: donation.amount,
    interval: donation.interval,
    message: donation.message ?? '',
    showName: donation.showName,
    name: gift.name,
  });
  const { url } = await demo.service.checkout(gift.viewer, body, browserHash);
  const sessionId = url.slice(url.lastIndexOf('/') + 1);
  if (donation.paidIn) await payInOwnCurrency(site, demo, sessionId, gift);
  else await demo.service.demoPay(gift.viewer, sessionId, browserHash);
  const payment = demo.paidCheckout(sessionId);
  // The demo stamps its events with the present; set back so the months show a history.
  const paidAt = daysAgo(donation.daysAgo);
  await site.db
    .update(donations)
    .set({ createdAt: paidAt, paidAt })
    .where(eq(donations.checkoutId, payment.checkoutId));
  if (donation.interval === 'monthly') {
    for (let days = donation.daysAgo - monthDays; days > 0; days -= monthDays) {
      await demo.send(await renewal(payment, gift, daysAgo(days)));
    }
  }
  if (donation.refunded) await demo.send(await refund(payment, gift));
  return sessionId;
}

/** A moderator hides a donor's message from the wall, with the reason the audit log keeps. */
async function hideMessage(demo: DemoCheckout, admin: Viewer, sessionId: string, reason: string) {
  const { items } = await demo.service.list(
    adminDonationsQuery.parse({ limit: donationLimits.adminPageMax }),
  );
  const donation = items.find((item) => item.reference === sessionId);
  if (!donation) throw new Error(`The demo donation of ${sessionId} is missing`);
  await demo.service.moderateMessage(admin, donation.id, true, reason);
}

/**
 * The current campaign and about three months of donations, all through the demo checkout's
 * own event path. The campaign is written once; donations are added only to a site that has
 * none, so a second run (or a site that already takes real ones) gets nothing new. With Stripe
 * configured nothing is done: the seed must never open real checkouts.
 */
export async function seedDonations(site: DemoSite): Promise<void> {
  if (site.config.stripe) {
    process.stdout.write(
      'Donations left out: Stripe is configured, and the demo seed never opens real Stripe checkouts.\n',
    );
    return;
  }
  const log = createLogger({ logLevel: 'warn' });
  const mailer = createOutboxMailer({
    dir: path.join(site.config.dataDir, 'mail'),
    from: site.config.mailFrom,
    log,
  });
  try {
    const demo = openDemoCheckout(site, mailer, log);
    const admin = await viewerOf(site.db, 'margot');
    const { campaign } = await demo.service.readCampaign();
    if (!campaign) {
      const { siteName } = site.config;
      await demo.service.writeCampaign(
        admin,
        campaignSettingsSchema.parse({
          title: demoCampaign.title(siteName),
          text: demoCampaign.text(siteName),
          goal: demoCampaign.goal,
          startsAt: isoDate(daysAgo(demoCampaign.startedDaysAgo)),
          endsAt: isoDate(daysAgo(-demoCampaign.endsInDays)),
        }),
      );
    }
    if (await donationTotals(site.db, site.config.donationCurrency)) return;
    for (const donation of demoDonations) {
      const sessionId = await give(site, demo, donation);
      if (donation.hiddenBecause) {
        await hideMessage(demo, admin, sessionId, donation.hiddenBecause);
      }
    }
  } finally {
    await mailer.close();
  }
}
