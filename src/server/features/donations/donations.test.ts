import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminDonation,
  CampaignSettings,
  CheckoutBody,
  DonationsPage,
  DonationStatusAnswer,
  MonthlyGift,
  MoneyTotal,
} from '../../../shared/donations.js';
import type { AuditEntry } from '../../../shared/audit-log.js';
import type { AdminStats } from '../../../shared/admin-stats.js';
import type { PublicProfile } from '../../../shared/profiles.js';
import { auditLog, donationCheckouts, donations, paymentEvents } from '../../schema.js';
import { createAgent, linkToken, readMails, type Agent } from '../../test/auth-helpers.js';
import { person, type Person } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Donations through the real HTTP API with the demo checkout: the checkout, the demo page and
 * its Pay (whose events go through the signed webhook), the success page's status, the wall,
 * the supporter mark, receipts, the campaign, and the admin's list, totals, CSV and moderation.
 */
let t: TestApp;
let admin: Person;
let moderator: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await person(t, 'admin');
  moderator = await person(t, 'moderator');
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

let addresses = 0;
/** Each donor from an address of their own: checkout, Pay and Cancel share a per-address budget. */
function ownAddress(agent: Agent): Agent {
  addresses += 1;
  const remoteAddress = `10.41.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  return {
    cookies: agent.cookies,
    inject: (options) => agent.inject({ remoteAddress, ...options }),
  };
}
const visitor = () => ownAddress(createAgent(t.app));
async function member(role: 'user' | 'admin' = 'user'): Promise<Person> {
  const signedIn = await person(t, role);
  return { user: signedIn.user, agent: ownAddress(signedIn.agent) };
}
const newEmail = () => `donor-${randomBytes(4).toString('hex')}@example.test`;
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const checkout = (agent: Agent, payload: CheckoutBody | object | string) =>
  agent.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    ...(typeof payload === 'string'
      ? { payload, headers: { 'content-type': 'application/json' } }
      : { payload }),
  });

/** Starts a checkout and answers the demo session it opened. */
async function startCheckout(agent: Agent, body: CheckoutBody): Promise<string> {
  const res = await checkout(agent, body);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  const sessionId = /^\/donate\/checkout\/(cs_demo_\w+)$/.exec(url)?.[1];
  if (!sessionId) throw new Error(`not a demo checkout page: ${url}`);
  return sessionId;
}
const pay = (agent: Agent, sessionId: string) =>
  agent.inject({ method: 'POST', url: `/api/donations/demo/${sessionId}/pay` });
const cancel = (agent: Agent, sessionId: string) =>
  agent.inject({ method: 'POST', url: `/api/donations/demo/${sessionId}/cancel` });
const status = (agent: Agent, sessionId: string) =>
  agent.inject({ url: `/api/donations/status?session_id=${sessionId}` });

/** A donation through the demo checkout, paid; answers its session. */
async function give(agent: Agent, body: CheckoutBody) {
  const sessionId = await startCheckout(agent, body);
  const paid = await pay(agent, sessionId);
  expect(paid.statusCode, paid.body).toBe(200);
  return { sessionId };
}

/** The donations a checkout session led to (a monthly plan has one per paid invoice). */
const donationsOf = (sessionId: string) =>
  db()
    .select({
      id: donations.id,
      checkoutId: donations.checkoutId,
      paymentRef: donations.paymentRef,
      subscriptionId: donations.subscriptionId,
    })
    .from(donations)
    .innerJoin(donationCheckouts, eq(donationCheckouts.id, donations.checkoutId))
    .where(eq(donationCheckouts.sessionId, sessionId))
    .orderBy(donations.id);
async function onlyDonationOf(sessionId: string) {
  const rows = await donationsOf(sessionId);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error('no donation');
  return row;
}

/** How many checkouts and donations are stored: bad input must change neither. */
async function storedCounts() {
  const [checkouts] = await db().select({ n: count() }).from(donationCheckouts);
  const [paid] = await db().select({ n: count() }).from(donations);
  return { checkouts: checkouts?.n ?? 0, donations: paid?.n ?? 0 };
}

async function page(): Promise<DonationsPage> {
  const res = await createAgent(t.app).inject({ url: '/api/donations' });
  expect(res.statusCode).toBe(200);
  return res.json<DonationsPage>();
}
const wallEntry = async (id: number) => (await page()).wall.find((entry) => entry.id === id);

interface AdminList {
  items: AdminDonation[];
  nextCursor: string | null;
  totals: { count: number; amounts: MoneyTotal[] };
}
/** The money of a per-currency sum in dollars, the test site's currency (0 when none). */
const dollars = (amounts: readonly MoneyTotal[]) =>
  amounts.find((total) => total.currency === 'usd')?.amount ?? 0;
async function adminList(query: Record<string, string | number> = {}): Promise<AdminList> {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const res = await admin.agent.inject({ url: `/api/admin/donations?${params.toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminList>();
}
async function adminDonation(id: number): Promise<AdminDonation> {
  const { items } = await adminList({ limit: 100 });
  const found = items.find((item) => item.id === id);
  if (!found) throw new Error(`donation ${id} is not in the admin list`);
  return found;
}
async function stats(): Promise<AdminStats> {
  const res = await admin.agent.inject({ url: '/api/admin/stats' });
  expect(res.statusCode).toBe(200);
  return res.json<AdminStats>();
}
async function months() {
  const res = await admin.agent.inject({ url: '/api/admin/donations/months' });
  expect(res.statusCode).toBe(200);
  return res.json<{
    currency: string;
    months: {
      month: string;
      count: number;
      amounts: (MoneyTotal & { refunded: number })[];
    }[];
  }>();
}
/** This month's dollars received and refunded. */
async function thisMonth() {
  const month = (await months()).months.find((entry) => entry.month === today().slice(0, 7));
  const usd = month?.amounts.find((total) => total.currency === 'usd');
  return { count: month?.count ?? 0, amount: usd?.amount ?? 0, refunded: usd?.refunded ?? 0 };
}

async function supporter(someone: Person): Promise<boolean> {
  if (!someone.user.username) throw new Error('a member built for a test has a username');
  const res = await createAgent(t.app).inject({ url: `/api/profiles/${someone.user.username}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ profile: PublicProfile }>().profile.supporter;
}

/**
 * An event as Stripe would send it to this site after the demo's own (a refund, a plan's next
 * invoice), signed by the demo provider and posted to the webhook like every other event.
 */
async function providerEvent(type: string, object: Record<string, unknown>) {
  const payments = t.platforms.payments;
  if (!payments.signEvent) throw new Error('the test app does not use the demo checkout');
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': await payments.signEvent(payload),
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ handled: boolean; duplicate: boolean }>();
}

/** The whole amount of a payment refunded, as Stripe reports it. */
const refund = (paymentIntent: string, amount: number) =>
  providerEvent('charge.refunded', {
    id: `ch_test_${randomBytes(12).toString('hex')}`,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: amount,
    captured: true,
    currency: 'usd',
    paid: true,
    payment_intent: paymentIntent,
    refunded: true,
    status: 'succeeded',
  });

describe('before the first donation', () => {
  it('shows no campaign, an empty wall, test mode, and no donations tile for the admin', async () => {
    expect(await page()).toEqual({ currency: 'usd', testMode: true, campaign: null, wall: [] });
    expect((await stats()).donations).toBeNull();
    const res = await admin.agent.inject({ url: '/api/admin/donations/campaign' });
    expect(res.json()).toEqual({ campaign: null });
  });
});

describe('the campaign', () => {
  const settings: CampaignSettings = {
    title: 'Keep the projector running',
    text: 'Hosting and storage for a year.\n\nEvery bit helps.',
    goal: 500_000,
    startsAt: today(),
    endsAt: dayOffset(30),
  };
  const put = (agent: Agent, payload: object) =>
    agent.inject({ method: 'PUT', url: '/api/admin/donations/campaign', payload });

  it('is set by an admin, read back, audited, and shown with its progress', async () => {
    const res = await put(admin.agent, settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ campaign: settings });
    const read = await admin.agent.inject({ url: '/api/admin/donations/campaign' });
    expect(read.json()).toEqual({ campaign: settings });
    expect((await page()).campaign).toEqual({
      title: settings.title,
      text: settings.text,
      goal: 500_000,
      raised: 0,
      supporters: 0,
      otherCurrencies: [],
      startsAt: settings.startsAt,
      endsAt: settings.endsAt,
      daysLeft: 30,
    });
    const audit = await admin.agent.inject({ url: '/api/audit?action=campaign.update' });
    const [entry] = audit.json<{ entries: AuditEntry[] }>().entries;
    expect(entry).toMatchObject({
      action: 'campaign.update',
      target: { type: 'campaign', label: settings.title },
      after: settings,
    });
  });

  it('moves with each donation received: raised, supporters', async () => {
    const before = (await page()).campaign;
    const donor = visitor();
    await give(donor, { amount: 2_500 });
    await give(donor, { amount: 1_000 });
    const after = (await page()).campaign;
    expect(after?.raised).toBe((before?.raised ?? 0) + 3_500);
    expect(after?.supporters).toBe((before?.supporters ?? 0) + 2);
  });

  it('is refused to members (403) and visitors (401), and checked', async () => {
    const plain = await member();
    for (const res of [
      await put(plain.agent, { ...settings, goal: 100 }),
      await put(moderator.agent, { ...settings, goal: 100 }),
      await plain.agent.inject({ url: '/api/admin/donations/campaign' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
    }
    const anonymous = await put(createAgent(t.app), { ...settings, goal: 100 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');

    const backwards = await put(admin.agent, { ...settings, endsAt: dayOffset(-1) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('must end on or after its start');
    expect((await page()).campaign?.goal).toBe(500_000);
  });
});

describe('giving through the demo checkout', () => {
  it('sets the donor cookie, shows the demo page, turns confirming into received on Pay, and shows a visitor the receipt on the page', async () => {
    const donor = visitor();
    const sessionId = await startCheckout(donor, {
      amount: 2_500,
      showName: true,
      name: 'Rosa Marchetti',
      message: 'For the late-night screenings.',
    });
    expect(donor.cookies.has('vp_donor')).toBe(true);

    const demo = await donor.inject({ url: `/api/donations/demo/${sessionId}` });
    expect(demo.statusCode).toBe(200);
    expect(demo.json()).toEqual({
      sessionId,
      amount: 2_500,
      currency: 'usd',
      interval: 'once',
      receiptTo: null,
      state: 'open',
    });
    const waiting = await status(donor, sessionId);
    expect(waiting.json()).toEqual({
      state: 'confirming',
      amount: 2_500,
      currency: 'usd',
      interval: 'once',
      receivedAt: null,
      receipt: null,
    });

    const mailsBefore = (await readMails(t)).length;
    const paid = await pay(donor, sessionId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ url: `/donate/success?session_id=${sessionId}` });

    const received = (await status(donor, sessionId)).json<DonationStatusAnswer>();
    expect(received).toMatchObject({ state: 'received', amount: 2_500, interval: 'once' });
    expect(Date.now() - Date.parse(received.receivedAt ?? '')).toBeLessThan(60_000);
    expect((await donor.inject({ url: `/api/donations/demo/${sessionId}` })).json().state).toBe(
      'paid',
    );

    const { id } = await onlyDonationOf(sessionId);
    expect(await wallEntry(id)).toMatchObject({
      name: 'Rosa Marchetti',
      username: null,
      amount: 2_500,
      interval: 'once',
      message: 'For the late-night screenings.',
    });
    // A visitor's receipt is the success page: nothing is mailed, now or on a reload.
    expect((await status(donor, sessionId)).json().receipt).toEqual({
      reference: `donation #${id}`,
      emailed: false,
      stopPath: null,
    });
    expect(await readMails(t)).toHaveLength(mailsBefore);
  });

  it('mails a demo receipt only to the verified address of the member who gave: a typed-in address is refused and mailed nothing', async () => {
    const stranger = newEmail();
    const donor = visitor();
    const sessionId = await startCheckout(donor, { amount: 2_500 });
    const typed = await donor.inject({
      method: 'POST',
      url: `/api/donations/demo/${sessionId}/pay`,
      payload: { email: stranger },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.code).toBe('invalid-argument');
    expect((await status(donor, sessionId)).json().state).toBe('confirming');
    expect((await pay(donor, sessionId)).statusCode).toBe(200);
    expect((await readMails(t)).filter((mail) => mail.to.includes(stranger))).toEqual([]);

    const verified = await member();
    const { sessionId: memberSession } = await give(verified.agent, { amount: 2_500 });
    const { id } = await onlyDonationOf(memberSession);
    const receipts = (await readMails(t)).filter((mail) => mail.to.includes(verified.user.email));
    expect(receipts.map((mail) => mail.subject)).toEqual([
      'Your $25 donation to Viewpoint: receipt',
    ]);
    expect(receipts[0]?.body).toContain('Amount: $25 USD (one-off)');
    expect(receipts[0]?.body).toContain(`donation #${id}`);
    expect((await status(verified.agent, memberSession)).json().receipt).toEqual({
      reference: `donation #${id}`,
      emailed: true,
      stopPath: null,
    });

    const unverified = await person(t, 'user', { emailVerified: false });
    const open = await startCheckout(unverified.agent, { amount: 2_500 });
    const demo = await unverified.agent.inject({ url: `/api/donations/demo/${open}` });
    expect(demo.json().receiptTo).toBeNull();
    expect((await pay(unverified.agent, open)).statusCode).toBe(200);
    expect((await readMails(t)).filter((mail) => mail.to.includes(unverified.user.email))).toEqual(
      [],
    );
    expect((await status(unverified.agent, open)).json().receipt).toMatchObject({ emailed: false });
  });

  it('shows a donor who chose not to be named as Anonymous, even a member', async () => {
    const giver = await member();
    const { sessionId } = await give(giver.agent, {
      amount: 1_500,
      showName: false,
      name: 'Not Shown',
    });
    const { id } = await onlyDonationOf(sessionId);
    expect(await wallEntry(id)).toMatchObject({ name: 'Anonymous', username: null, amount: 1_500 });
    expect(await supporter(giver)).toBe(false);
  });

  it('keeps a message with a script as the plain text it was', async () => {
    const message = '<script>alert("x")</script> & <b>thanks</b>';
    const { sessionId } = await give(visitor(), { amount: 700, message });
    const { id } = await onlyDonationOf(sessionId);
    expect((await wallEntry(id))?.message).toBe(message);
    expect((await adminDonation(id)).message).toBe(message);
  });

  it('marks a member who gave by name a supporter, linked from the wall; a refund takes it away', async () => {
    const giver = await member();
    const email = giver.user.email;
    const sessionId = await startCheckout(giver.agent, { amount: 5_000, showName: true });
    const demo = await giver.agent.inject({ url: `/api/donations/demo/${sessionId}` });
    expect(demo.json().receiptTo).toBe(email);
    expect(await supporter(giver)).toBe(false);
    expect((await pay(giver.agent, sessionId)).statusCode).toBe(200);
    const donation = await onlyDonationOf(sessionId);
    expect(await supporter(giver)).toBe(true);
    expect(await wallEntry(donation.id)).toMatchObject({
      name: giver.user.name,
      username: giver.user.username,
    });
    expect((await adminDonation(donation.id)).member).toEqual({
      id: giver.user.id,
      username: giver.user.username,
      name: giver.user.name,
    });

    if (!donation.paymentRef) throw new Error('a paid donation names its payment');
    expect(await refund(donation.paymentRef, 5_000)).toEqual({
      received: true,
      handled: true,
      duplicate: false,
    });
    expect(await supporter(giver)).toBe(false);
    expect(await wallEntry(donation.id)).toBeUndefined();
    expect((await status(giver.agent, sessionId)).json().state).toBe('refunded');
    expect((await adminDonation(donation.id)).status).toBe('refunded');
  });

  it('records a monthly donation from the plan’s first invoice, and each later one', async () => {
    const giver = await member();
    const sessionId = await startCheckout(giver.agent, {
      amount: 1_200,
      interval: 'monthly',
      showName: true,
      message: 'Every month, gladly.',
    });
    expect((await pay(giver.agent, sessionId)).statusCode).toBe(200);
    const [first] = await donationsOf(sessionId);
    if (!first?.subscriptionId) throw new Error('a monthly donation names its plan');
    expect((await status(giver.agent, sessionId)).json()).toMatchObject({
      state: 'received',
      amount: 1_200,
      interval: 'monthly',
    });
    expect(await adminDonation(first.id)).toMatchObject({
      interval: 'monthly',
      status: 'paid',
      amount: 1_200,
      subscriptionCancelled: false,
    });
    expect(await supporter(giver)).toBe(true);

    // The next month's invoice of the same plan: a second monthly donation, one more receipt.
    const renewal = async () => {
      const invoice = `in_test_${randomBytes(12).toString('hex')}`;
      await providerEvent('invoice.paid', {
        id: invoice,
        object: 'invoice',
        amount_paid: 1_200,
        billing_reason: 'subscription_cycle',
        currency: 'usd',
        customer_email: giver.user.email,
        parent: {
          quote_details: null,
          subscription_details: {
            metadata: { checkout_id: first.checkoutId },
            subscription: first.subscriptionId,
          },
          type: 'subscription_details',
        },
        status: 'paid',
        status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      });
      return invoice;
    };
    const invoice = await renewal();
    const plan = await donationsOf(sessionId);
    expect(plan).toHaveLength(2);
    expect(
      (await adminList({ interval: 'monthly' })).items.map((item) => item.reference),
    ).toContain(invoice);
    const receipts = (await readMails(t)).filter((mail) => mail.to.includes(giver.user.email));
    expect(receipts.map((mail) => mail.subject)).toEqual([
      'Your $12 monthly donation to Viewpoint: receipt',
      'Your $12 monthly donation to Viewpoint: receipt',
    ]);

    // The wall shows the plan once, at its latest payment.
    const [, second] = plan;
    if (!second) throw new Error('no second payment');
    const wall = (await page()).wall;
    expect(wall.filter((entry) => entry.message === 'Every month, gladly.')).toEqual([
      expect.objectContaining({ id: second.id, interval: 'monthly', amount: 1_200 }),
    ]);

    // Hiding the plan's message hides it on every payment of the plan, and is audited.
    const hide = await admin.agent.inject({
      method: 'PATCH',
      url: `/api/admin/donations/${second.id}/message`,
      payload: { hidden: true, reason: 'Spam link' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().donation).toMatchObject({ id: second.id, messageHidden: true });
    expect((await adminDonation(first.id)).messageHidden).toBe(true);
    expect(await wallEntry(second.id)).toMatchObject({ message: null });
    // The next month's payment keeps it hidden.
    await renewal();
    const third = (await donationsOf(sessionId))[2];
    if (!third) throw new Error('no third payment');
    expect((await adminDonation(third.id)).messageHidden).toBe(true);
    expect(await wallEntry(third.id)).toMatchObject({ message: null });
    expect(await wallEntry(second.id)).toBeUndefined();
    const audit = await admin.agent.inject({
      url: `/api/audit?targetType=donation&targetId=${second.id}`,
    });
    expect(audit.json<{ entries: AuditEntry[] }>().entries).toEqual([
      expect.objectContaining({
        action: 'donation-message.hide',
        actor: expect.objectContaining({ id: admin.user.id }),
        target: { type: 'donation', id: String(second.id), label: 'Every month, gladly.' },
        reason: 'Spam link',
      }),
    ]);

    const restore = await admin.agent.inject({
      method: 'PATCH',
      url: `/api/admin/donations/${second.id}/message`,
      payload: { hidden: false },
    });
    expect(restore.statusCode).toBe(200);
    expect((await wallEntry(third.id))?.message).toBe('Every month, gladly.');
    expect((await adminDonation(first.id)).messageHidden).toBe(false);
    const restored = await admin.agent.inject({
      url: `/api/audit?targetType=donation&targetId=${second.id}&action=donation-message.restore`,
    });
    expect(restored.json<{ entries: AuditEntry[] }>().entries).toHaveLength(1);

    const missing = await admin.agent.inject({
      method: 'PATCH',
      url: '/api/admin/donations/999999/message',
      payload: { hidden: true },
    });
    expect(missing.statusCode).toBe(404);
    const notAdmin = await moderator.agent.inject({
      method: 'PATCH',
      url: `/api/admin/donations/${second.id}/message`,
      payload: { hidden: true },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect((await adminDonation(second.id)).messageHidden).toBe(false);
  });

  it('lets a muted member give without a message, and not with one', async () => {
    const giver = await member();
    const muted = await moderator.agent.inject({
      method: 'POST',
      url: `/api/users/${giver.user.id}/mute`,
      payload: { duration: '1d', reason: 'Cool down' },
    });
    expect(muted.statusCode, muted.body).toBe(200);
    const before = await storedCounts();
    const refused = await checkout(giver.agent, { amount: 1_000, message: 'Hear me out' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'permission-denied',
      details: { muted: expect.objectContaining({ reason: 'Cool down' }) },
    });
    expect(await storedCounts()).toEqual(before);
    const { sessionId } = await give(giver.agent, { amount: 1_000 });
    expect((await status(giver.agent, sessionId)).json().state).toBe('received');
  });
});

describe('stopping a monthly gift', () => {
  const countOf = async (table: typeof paymentEvents | typeof auditLog) =>
    (await db().select({ n: count() }).from(table))[0]?.n ?? 0;
  const mine = async (agent: Agent) => {
    const res = await agent.inject({ url: '/api/donations/monthly' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ gifts: MonthlyGift[] }>().gifts;
  };
  const stop = (agent: Agent, id: string) =>
    agent.inject({ method: 'POST', url: `/api/donations/monthly/${id}/stop` });
  /** A member's monthly gift, paid once; answers its plan and first payment. */
  async function monthlyGiver() {
    const giver = await member();
    const { sessionId } = await give(giver.agent, { amount: 1_500, interval: 'monthly' });
    const [first] = await donationsOf(sessionId);
    if (!first?.subscriptionId) throw new Error('a monthly donation names its plan');
    return { giver, plan: first.subscriptionId, first };
  }

  it('lets a member stop their gift from their account: the plan ends through the demo’s own provider event, once, and is not audited', async () => {
    const { giver, plan, first } = await monthlyGiver();
    expect(await mine(giver.agent)).toEqual([
      {
        id: plan,
        amount: 1_500,
        currency: 'usd',
        startedAt: expect.any(String),
        lastPaidAt: expect.any(String),
        state: 'active',
        endedAt: null,
      },
    ]);
    // Nobody else stops it: another member does not find it, a visitor must sign in.
    const other = await member();
    expect(await mine(other.agent)).toEqual([]);
    const notTheirs = await stop(other.agent, plan);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('not-found');
    expect((await stop(visitor(), plan)).statusCode).toBe(401);
    expect((await adminDonation(first.id)).subscriptionCancelled).toBe(false);

    const [events, audited] = [await countOf(paymentEvents), await countOf(auditLog)];
    const stopped = await stop(giver.agent, plan);
    expect(stopped.statusCode, stopped.body).toBe(200);
    const { gift } = stopped.json<{ gift: MonthlyGift }>();
    expect(gift).toMatchObject({ id: plan, state: 'ended', endedAt: expect.any(String) });
    expect(await countOf(paymentEvents)).toBe(events + 1);
    expect((await adminDonation(first.id)).subscriptionCancelled).toBe(true);
    expect(await mine(giver.agent)).toEqual([gift]);

    // Again: the same answer, and the provider is not asked twice.
    const again = await stop(giver.agent, plan);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ gift });
    expect(await countOf(paymentEvents)).toBe(events + 1);
    // The donor's own choice is no moderation: nothing in the audit log.
    expect(await countOf(auditLog)).toBe(audited);

    const bad = await stop(giver.agent, 'sub<script>');
    expect(bad.statusCode).toBe(400);
  });

  it('stops a gift from the signed link in its receipt, signed in or not; a changed link is refused', async () => {
    const { giver, plan } = await monthlyGiver();
    const receipt = (await readMails(t)).find((mail) => mail.to.includes(giver.user.email));
    expect(receipt?.body).toContain(
      'Stop this monthly gift at any time: http://viewpoint.test/donate/stop?token=',
    );
    const token = await linkToken(t, giver.user.email, '/donate/stop');
    const link = (path: string, key = token) =>
      `/api/donations/monthly/${path}?token=${encodeURIComponent(key)}`;

    // A one-off gift's receipt has no such link.
    const once = await member();
    await give(once.agent, { amount: 800 });
    const onceReceipt = (await readMails(t)).find((mail) => mail.to.includes(once.user.email));
    expect(onceReceipt?.body).not.toContain('/donate/stop');

    const stranger = visitor();
    const described = await stranger.inject({ url: link('link') });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json().gift).toMatchObject({ id: plan, amount: 1_500, state: 'active' });

    const [body, signature] = token.split('.');
    const forged = `${Buffer.from('sub_demo_someone_else').toString('base64url')}.${signature ?? ''}`;
    for (const changed of [`${token}x`, forged, `${body ?? ''}.`, 'garbage']) {
      for (const res of [
        await stranger.inject({ url: link('link', changed) }),
        await stranger.inject({ method: 'POST', url: link('link/stop', changed) }),
      ]) {
        expect(res.statusCode, changed).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'invalid-argument',
          message: expect.stringContaining('This link to stop a monthly gift is not valid'),
        });
      }
    }
    expect((await stranger.inject({ url: '/api/donations/monthly/link' })).statusCode).toBe(400);
    expect((await mine(giver.agent))[0]?.state).toBe('active');

    const stopped = await stranger.inject({ method: 'POST', url: link('link/stop') });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().gift).toMatchObject({ id: plan, state: 'ended' });
    expect((await mine(giver.agent))[0]?.state).toBe('ended');
    const again = await stranger.inject({ method: 'POST', url: link('link/stop') });
    expect(again.json().gift).toMatchObject({ state: 'ended' });

    // A visitor's demo gift mails nothing: its receipt on the success page carries the link.
    const donor = visitor();
    const { sessionId } = await give(donor, { amount: 900, interval: 'monthly' });
    const { stopPath } =
      (await status(donor, sessionId)).json<DonationStatusAnswer>().receipt ?? {};
    const visitorToken = /^\/donate\/stop\?token=(.+)$/.exec(stopPath ?? '')?.[1];
    if (!visitorToken) throw new Error(`no stop link on the receipt: ${stopPath}`);
    const ended = await donor.inject({
      method: 'POST',
      url: link('link/stop', decodeURIComponent(visitorToken)),
    });
    expect(ended.json().gift).toMatchObject({ amount: 900, state: 'ended' });
  });
});

describe('bad input', () => {
  /** Each is refused with a clear message in the error envelope, and nothing is stored. */
  async function refused(agent: Agent, payload: object | string, field: string, message: string) {
    const before = await storedCounts();
    const res = await checkout(agent, payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    const { error } = res.json<{
      error: { code: string; message: string; details: { issues: { path: string }[] } };
    }>();
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain(message);
    expect(error.details.issues[0]?.path).toBe(`/${field}`);
    expect(await storedCounts()).toEqual(before);
  }

  it('refuses amounts of 0, -5, 10,001, text, 1e309 and fractions of a cent, naming the limits with their currency', async () => {
    const donor = visitor();
    await refused(donor, { amount: 0 }, 'amount', 'The smallest donation is $1.00');
    await refused(donor, { amount: -5 }, 'amount', 'The smallest donation is $1.00');
    await refused(donor, { amount: 1_000_100 }, 'amount', 'The largest donation is $10,000.00');
    await refused(donor, { amount: 'abc' }, 'amount', 'Enter an amount');
    await refused(donor, '{"amount":1e309}', 'amount', 'Enter an amount');
    await refused(donor, { amount: 2.999 }, 'amount', 'a whole number');
    await refused(donor, {}, 'amount', 'Enter an amount');
    // The edges are taken.
    await startCheckout(donor, { amount: 100 });
    await startCheckout(donor, { amount: 1_000_000 });
  });

  it('refuses a currency other than the site’s, a long message, unknown fields, and a visitor named without a name', async () => {
    const donor = visitor();
    await refused(
      donor,
      { amount: 500, currency: 'xyz' },
      'currency',
      'Donations are taken in USD',
    );
    await refused(
      donor,
      { amount: 500, currency: 'eur' },
      'currency',
      'Donations are taken in USD',
    );
    await refused(donor, { amount: 500, currency: 'dollars' }, 'currency', 'three-letter code');
    await refused(
      donor,
      { amount: 500, message: 'x'.repeat(281) },
      'message',
      'at most 280 characters',
    );
    await refused(donor, { amount: 500, userId: 'someone-else' }, '', 'Unrecognized key');
    await refused(donor, { amount: 500, showName: true }, 'name', 'Give the name to show');
    await refused(donor, { amount: 500, showName: true, name: '   ' }, 'name', 'Give the name');
    // The site's own currency, in any case, and a message of exactly 280 characters are taken.
    await startCheckout(donor, { amount: 500, currency: 'USD', message: 'y'.repeat(280) });
  });

  it('never shows a session to another browser, nor a forged one, and needs a session id', async () => {
    const owner = visitor();
    const sessionId = await startCheckout(owner, { amount: 4_321 });
    for (const agent of [visitor(), createAgent(t.app), (await member()).agent]) {
      const res = await status(agent, sessionId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not-found');
      expect(res.body).not.toContain('4321');
      const demo = await agent.inject({ url: `/api/donations/demo/${sessionId}` });
      expect(demo.statusCode).toBe(404);
      expect(demo.body).not.toContain('4321');
      const payAsOther = await pay(agent, sessionId);
      expect(payAsOther.statusCode).toBe(404);
    }
    const forged = await status(owner, 'cs_demo_forgedsessionid');
    expect(forged.statusCode).toBe(404);
    const forgedCookie = await createAgent(t.app).inject({
      url: `/api/donations/status?session_id=${sessionId}`,
      headers: { cookie: 'vp_donor=forged.value' },
    });
    expect(forgedCookie.statusCode).toBe(404);

    const missing = await owner.inject({ url: '/api/donations/status' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('invalid-argument');
    const garbled = await owner.inject({ url: '/api/donations/status?session_id=%3Cscript%3E' });
    expect(garbled.statusCode).toBe(400);
    // The owner still sees their own, untouched.
    expect((await status(owner, sessionId)).json().state).toBe('confirming');
    expect(await donationsOf(sessionId)).toEqual([]);
  });

  it('pays a demo checkout once: a second Pay is refused and records nothing', async () => {
    const donor = await member();
    const { email } = donor.user;
    const { sessionId } = await give(donor.agent, { amount: 3_000 });
    const again = await pay(donor.agent, sessionId);
    expect(again.statusCode).toBe(412);
    expect(again.json().error).toMatchObject({
      code: 'failed-precondition',
      message: 'This checkout is already paid',
    });
    expect(await donationsOf(sessionId)).toHaveLength(1);
    expect((await readMails(t)).filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const cancelled = await cancel(donor.agent, sessionId);
    expect(cancelled.statusCode).toBe(412);
    expect((await status(donor.agent, sessionId)).json().state).toBe('received');
  });

  it('refuses Pay after Cancel', async () => {
    const donor = visitor();
    const sessionId = await startCheckout(donor, { amount: 3_300 });
    const cancelled = await cancel(donor, sessionId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ url: '/donations' });
    expect((await status(donor, sessionId)).json().state).toBe('cancelled');
    const paid = await pay(donor, sessionId);
    expect(paid.statusCode).toBe(412);
    expect(paid.json().error.message).toBe('This checkout was cancelled');
    expect(await donationsOf(sessionId)).toEqual([]);
    expect((await status(donor, sessionId)).json().state).toBe('cancelled');
  });
});

describe('administration', () => {
  it('totals, monthly totals, the dashboard tile and the campaign move by what is received, net of refunds', async () => {
    const [listBefore, monthBefore, statsBefore, pageBefore] = [
      (await adminList()).totals,
      await thisMonth(),
      (await stats()).donations,
      (await page()).campaign,
    ];
    const donor = visitor();
    await give(donor, { amount: 2_500 });
    await give(donor, { amount: 1_000, interval: 'monthly' });
    const refunded = await give(donor, { amount: 5_000 });
    const { paymentRef } = await onlyDonationOf(refunded.sessionId);
    if (!paymentRef) throw new Error('no payment intent');
    await refund(paymentRef, 5_000);
    const abandoned = visitor();
    await startCheckout(abandoned, { amount: 9_900 });

    expect((await adminList()).totals).toEqual({
      count: listBefore.count + 3,
      amounts: [{ currency: 'usd', amount: dollars(listBefore.amounts) + 3_500 }],
    });
    expect(await thisMonth()).toMatchObject({
      count: monthBefore.count + 3,
      amount: monthBefore.amount + 3_500,
      refunded: monthBefore.refunded + 5_000,
    });
    expect((await stats()).donations).toEqual({
      count: (statsBefore?.count ?? 0) + 2,
      amounts: [{ currency: 'usd', amount: dollars(statsBefore?.amounts ?? []) + 3_500 }],
    });
    const campaign = (await page()).campaign;
    expect(campaign?.raised).toBe((pageBefore?.raised ?? 0) + 3_500);
    expect((await months()).currency).toBe('usd');
  });

  it('filters by status, interval and dates, and pages through everything with a cursor', async () => {
    const all = await adminList({ limit: 100 });
    expect(all.nextCursor).toBeNull();
    expect(all.items).toHaveLength(all.totals.count);
    const refunded = await adminList({ status: 'refunded' });
    expect(refunded.items.length).toBeGreaterThanOrEqual(2);
    expect(refunded.items.every((item) => item.status === 'refunded')).toBe(true);
    expect(refunded.totals).toEqual({
      count: refunded.items.length,
      amounts: [{ currency: 'usd', amount: 0 }],
    });
    const paid = await adminList({ status: 'paid', limit: 100 });
    expect(paid.items.every((item) => item.status === 'paid')).toBe(true);
    expect(dollars(paid.totals.amounts)).toBe(
      paid.items.reduce((sum, item) => sum + item.amount, 0),
    );
    expect(paid.totals.amounts).toEqual(all.totals.amounts);
    const monthly = await adminList({ interval: 'monthly' });
    expect(monthly.items.length).toBeGreaterThanOrEqual(3);
    expect(monthly.items.every((item) => item.interval === 'monthly')).toBe(true);
    const once = await adminList({ interval: 'once', limit: 100 });
    expect(once.totals.count + monthly.totals.count).toBe(all.totals.count);

    expect((await adminList({ from: today(), to: today() })).totals).toEqual(all.totals);
    expect((await adminList({ from: dayOffset(1) })).items).toEqual([]);
    expect((await adminList({ to: dayOffset(-1) })).totals).toEqual({ count: 0, amounts: [] });

    const seen: AdminDonation[] = [];
    let cursor: string | null = null;
    do {
      const next: AdminList = await adminList({ limit: 3, ...(cursor ? { cursor } : {}) });
      expect(next.items.length).toBeLessThanOrEqual(3);
      expect(next.totals).toEqual(all.totals);
      seen.push(...next.items);
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
    const created = seen.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    for (const query of [
      'status=lost',
      'interval=weekly',
      'from=2026-02-30',
      'limit=0',
      'cursor=bm90LWEtY3Vyc29y',
      'sort=amount',
    ]) {
      const res = await admin.agent.inject({ url: `/api/admin/donations?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
  });

  it('exports CSV: a header, one row per donation, formulas defused and quotes doubled', async () => {
    const message = '=HYPERLINK("http://evil.example","click")';
    const { sessionId } = await give(visitor(), {
      amount: 1_234,
      message,
      showName: true,
      name: '@Quoted "Name"',
    });
    const { id } = await onlyDonationOf(sessionId);
    const res = await admin.agent.inject({ url: '/api/admin/donations/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="donations-${today()}.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,paid_at,status,interval,amount,refunded,currency,name,email,member,message,message_hidden,reference',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength((await adminList()).totals.count + 2);
    const row = lines.find((line) => line.startsWith(`"${id}",`));
    expect(row).toContain(
      `"paid","once","12.34","0.00","USD","'@Quoted ""Name""",` +
        `"","","'=HYPERLINK(""http://evil.example"",""click"")","false","${sessionId}"`,
    );
    const filtered = await admin.agent.inject({
      url: '/api/admin/donations/export.csv?status=failed',
    });
    expect(filtered.body.split('\r\n')).toHaveLength(2);

    const plain = await member();
    const denied = await plain.agent.inject({ url: '/api/admin/donations/export.csv' });
    expect(denied.statusCode).toBe(403);
    expect(
      (await createAgent(t.app).inject({ url: '/api/admin/donations/export.csv' })).statusCode,
    ).toBe(401);
  });

  it('keeps the admin routes to admins', async () => {
    const plain = await member();
    for (const url of [
      '/api/admin/donations',
      '/api/admin/donations/months',
      '/api/admin/donations/campaign',
    ]) {
      expect((await plain.agent.inject({ url })).statusCode, url).toBe(403);
      expect((await moderator.agent.inject({ url })).statusCode, url).toBe(403);
      expect((await createAgent(t.app).inject({ url })).statusCode, url).toBe(401);
    }
  });
});
