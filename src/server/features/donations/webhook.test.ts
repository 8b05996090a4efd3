import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminDonation,
  CheckoutBody,
  DonationsPage,
  MoneyTotal,
  MonthlyGift,
} from '../../../shared/donations.js';
import type { AdminStats } from '../../../shared/admin-stats.js';
import type { PublicProfile } from '../../../shared/profiles.js';
import { donations, paymentEvents } from '../../schema.js';
import type { StripeApi } from '../../platform/payments/payments.js';
import { createAgent, readMails, type Agent } from '../../test/auth-helpers.js';
import { person, type Person } from '../../test/factories.js';
import {
  alphanumeric,
  stripeApiVersion,
  stripeEvent,
  stripeId,
  stripeSignature,
  type StripeEvent,
} from '../../test/stripe-events.js';
import {
  completedSession,
  deletedSubscription,
  paidInvoice,
  refundedCharge,
  type Payer,
} from '../../test/stripe-objects.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The webhook in Stripe mode: signatures checked against the raw bytes, each event applied once,
 * and a realistic sequence of Stripe's events giving the same totals in any order, however often
 * it is delivered. Stripe's API is a stand-in on 127.0.0.1 answering as Stripe does
 * (test/stripe-stand-in.ts); events carry Stripe's whole objects (test/stripe-objects.ts) and are
 * signed with Stripe's own library.
 */
const secretKey = 'sk_test_51ViewpointStandIn';
const webhookSecret = 'whsec_viewpoint_webhook_test_secret';
const stripeEnv = { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret };
const origin = 'http://viewpoint.test';

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());

const stripeApp = (api: StripeApi = stripe.api, logger?: pino.Logger) =>
  createTestApp({
    serveWeb: false,
    env: stripeEnv,
    stripeApi: api,
    ...(logger ? { logger } : {}),
  });

interface LogLine {
  level: number;
  msg: string;
}
/** A logger that keeps what it is told from warnings up, to read back. */
function keptLog() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

// Talking to the site.

/** Starts a checkout; answers the stand-in's request and our checkout id from its metadata. */
async function startCheckout(agent: Agent, body: CheckoutBody, standIn = stripe) {
  const before = standIn.requests.length;
  const res = await agent.inject({ method: 'POST', url: '/api/donations/checkout', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const request = standIn.requests
    .slice(before)
    .find((entry) => entry.path === '/v1/checkout/sessions');
  const checkoutId = request?.form.get('metadata[checkout_id]');
  if (!request?.sessionId || !checkoutId) throw new Error('Stripe was not asked for a session');
  expect(res.json()).toEqual({ url: expect.stringContaining(request.sessionId) });
  return { checkoutId, sessionId: request.sessionId, request };
}

/** Posts an event as Stripe does: the JSON body, signed now (or as `sign` says). */
async function deliver(
  t: TestApp,
  event: StripeEvent,
  sign: { secret?: string; timestamp?: number; body?: string; header?: string | null } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const header =
    sign.header === undefined
      ? stripeSignature(payload, sign.secret ?? webhookSecret, sign.timestamp)
      : sign.header;
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload: sign.body ?? payload,
  });
}

async function storedCounts(t: TestApp) {
  const db = t.platforms.database.db;
  const [events] = await db.select({ n: count() }).from(paymentEvents);
  const [paid] = await db.select({ n: count() }).from(donations);
  return { events: events?.n ?? 0, donations: paid?.n ?? 0 };
}

interface AdminList {
  items: AdminDonation[];
  totals: { count: number; amounts: MoneyTotal[] };
}
async function adminList(admin: Agent, query = ''): Promise<AdminList> {
  const res = await admin.inject({ url: `/api/admin/donations?limit=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminList>();
}

const now = () => Math.floor(Date.now() / 1000);
const day = 86_400;

/** A payer, and what the test calls them (`alice`, `frank`). */
interface Donor extends Payer {
  label: string;
}

describe('the webhook signature', () => {
  let t: TestApp;
  let donor: Donor;
  let event: ReturnType<typeof stripeEvent>;
  beforeAll(async () => {
    t = await stripeApp();
    const opened = await startCheckout(createAgent(t.app), { amount: 2_000 });
    donor = {
      label: 'grace',
      email: 'grace@example.test',
      name: 'Grace',
      amount: 2_000,
      ...opened,
    };
    event = stripeEvent(
      'checkout.session.completed',
      completedSession(donor, {
        mode: 'payment',
        paymentStatus: 'paid',
        created: now() - 60,
        paymentIntent: stripeId('pi_3Q'),
      }),
      now() - 60,
    );
  });
  afterAll(() => t.close());

  async function refused(sign: Parameters<typeof deliver>[2], message: string) {
    const before = await storedCounts(t);
    const res = await deliver(t, event, sign);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid-argument' });
    expect(res.json().error.message).toContain(message);
    expect(await storedCounts(t)).toEqual(before);
  }

  it('refuses a body changed after signing, a wrong secret, a stale timestamp and a missing header', async () => {
    const signed = JSON.stringify(event, null, 2);
    const header = stripeSignature(signed, webhookSecret);
    await refused(
      { header, body: signed.replace('"amount_total": 2000', '"amount_total": 200000') },
      'No signatures found',
    );
    await refused({ header, body: `${signed}\n` }, 'No signatures found');
    await refused({ secret: 'whsec_someone_elses_endpoint' }, 'No signatures found');
    await refused({ timestamp: now() - 301 - 5 }, 'Timestamp outside the tolerance zone');
    await refused({ header: null }, 'The Stripe-Signature header is missing');
    await refused({ header: 't=1,v1=deadbeef' }, 'No signatures found');
    await refused({ header: 'garbage' }, 'Webhook signature refused');
    // Within the tolerance it is taken.
    const res = await deliver(t, event, { timestamp: now() - 240 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: true, duplicate: false });
  });

  it('acknowledges an event type it does not act on, and records nothing', async () => {
    const before = await storedCounts(t);
    for (const type of ['payment_intent.succeeded', 'customer.created', 'invoice.finalized']) {
      const res = await deliver(
        t,
        stripeEvent(type, { id: stripeId('pi_3Q'), object: 'x' }, now()),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, handled: false, duplicate: false });
    }
    expect(await storedCounts(t)).toEqual(before);
  });

  it('applies the same event id once: the second delivery is a duplicate that changes nothing', async () => {
    const opened = await startCheckout(createAgent(t.app), { amount: 4_200 });
    const once: Donor = {
      ...donor,
      ...opened,
      label: 'heidi',
      email: 'heidi@example.test',
      amount: 4_200,
    };
    const paid = stripeEvent(
      'checkout.session.completed',
      completedSession(once, {
        mode: 'payment',
        paymentStatus: 'paid',
        created: now(),
        paymentIntent: stripeId('pi_3Q'),
      }),
      now(),
    );
    const before = await storedCounts(t);
    const first = await deliver(t, paid);
    expect(first.json()).toEqual({ received: true, handled: true, duplicate: false });
    const second = await deliver(t, paid);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, handled: false, duplicate: true });
    expect(await storedCounts(t)).toEqual({
      events: before.events + 1,
      donations: before.donations + 1,
    });
    const receipts = (await readMails(t)).filter((mail) => mail.to.includes(once.email));
    expect(receipts.map((mail) => mail.subject)).toEqual([
      'Your $42 donation to Viewpoint: receipt',
    ]);
  });
});

describe('checkout with Stripe', () => {
  let t: TestApp;
  let giver: Person;
  beforeAll(async () => {
    t = await stripeApp();
    giver = await person(t);
  });
  afterAll(() => t.close());

  it('asks Stripe for a payment session carrying our checkout id, once per checkout', async () => {
    const { request, checkoutId, sessionId } = await startCheckout(giver.agent, {
      amount: 2_500,
      message: 'Thank you',
    });
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request.headers['idempotency-key']).toBe(`checkout-${checkoutId}`);
    expect(request.headers['stripe-version']).toBe(stripeApiVersion);
    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Donation to Viewpoint',
      customer_email: giver.user.email,
      'metadata[checkout_id]': checkoutId,
      'payment_intent_data[metadata][checkout_id]': checkoutId,
      submit_type: 'donate',
      success_url: `${origin}/donate/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/donations`,
    });
    const status = await giver.agent.inject({
      url: `/api/donations/status?session_id=${sessionId}`,
    });
    expect(status.json()).toMatchObject({ state: 'confirming', amount: 2_500 });
    // The demo checkout does not exist in Stripe mode.
    const demo = await giver.agent.inject({ url: `/api/donations/demo/${sessionId}` });
    expect(demo.statusCode).toBe(404);
  });

  it('asks for a subscription for a monthly donation, and no email for a visitor', async () => {
    const { request, checkoutId } = await startCheckout(createAgent(t.app), {
      amount: 1_000,
      interval: 'monthly',
    });
    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': 'Donation to Viewpoint',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[checkout_id]': checkoutId,
      'subscription_data[metadata][checkout_id]': checkoutId,
      success_url: `${origin}/donate/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/donations`,
    });
  });

  it('answers unavailable when Stripe fails, after retrying the same request, and charges nothing', async () => {
    const before = { requests: stripe.requests.length, stored: await storedCounts(t) };
    stripe.failing = true;
    try {
      const res = await createAgent(t.app).inject({
        method: 'POST',
        url: '/api/donations/checkout',
        payload: { amount: 5_000 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('nothing was charged'),
      });
    } finally {
      stripe.failing = false;
    }
    const tries = stripe.requests.slice(before.requests);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((entry) => entry.headers['idempotency-key'])).size).toBe(1);
    expect(await storedCounts(t)).toEqual(before.stored);
  });

  it('answers unavailable when Stripe cannot be reached', async () => {
    const gone = http.createServer();
    gone.listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const { port } = gone.address() as AddressInfo;
    gone.close();
    await once(gone, 'close');
    const offline = await stripeApp({ host: '127.0.0.1', port, protocol: 'http' });
    try {
      const res = await createAgent(offline.app).inject({
        method: 'POST',
        url: '/api/donations/checkout',
        payload: { amount: 5_000 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('unavailable');
      expect(await storedCounts(offline)).toEqual({ events: 0, donations: 0 });
    } finally {
      await offline.close();
    }
  });
});

// Events a payment must not be taken from as they are.

/** A one-off checkout opened by `agent`, and Stripe's event of it paid as `paid` says. */
async function paidSession(
  agent: Agent,
  paid: { amount: number; currency?: string; paymentIntent?: string; email?: string },
) {
  const opened = await startCheckout(agent, { amount: 2_000 });
  const donor: Donor = {
    label: 'donor',
    email: paid.email ?? `donor-${alphanumeric(8).toLowerCase()}@example.test`,
    name: 'A donor',
    amount: paid.amount,
    ...opened,
  };
  const session = completedSession(donor, {
    mode: 'payment',
    paymentStatus: 'paid',
    created: now(),
    paymentIntent: paid.paymentIntent ?? stripeId('pi_3Q'),
  });
  const event = stripeEvent(
    'checkout.session.completed',
    { ...session, currency: paid.currency ?? 'usd' },
    now(),
  );
  return { donor, event, paymentIntent: session.payment_intent };
}

describe('events that are not taken as they are', () => {
  let t: TestApp;
  let admin: Agent;
  const log = keptLog();
  beforeAll(async () => {
    t = await stripeApp(stripe.api, log.logger);
    admin = (await person(t, 'admin')).agent;
  });
  afterAll(() => t.close());

  const itemOf = async (reference: string) =>
    (await adminList(admin)).items.find((item) => item.reference === reference);
  const mailsTo = async (email: string) =>
    (await readMails(t)).filter((mail) => mail.to.includes(email));

  it('refuses a payment of 0: acknowledged, nothing stored, no receipt, and logged', async () => {
    const { donor, event } = await paidSession(createAgent(t.app), { amount: 0 });
    const before = await storedCounts(t);
    const res = await deliver(t, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: false, duplicate: false });
    expect(await storedCounts(t)).toEqual(before);
    expect(await itemOf(donor.sessionId)).toBeUndefined();
    expect(await mailsTo(donor.email)).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringContaining('payment event refused: a payment of 0'),
      }),
    );
  });

  it('keeps amounts beyond 32 bits: 2,147,483,648 and 10^15 cents', async () => {
    for (const amount of [2_147_483_648, 1_000_000_000_000_000]) {
      const { donor, event } = await paidSession(createAgent(t.app), { amount });
      const res = await deliver(t, event);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, handled: true, duplicate: false });
      expect(await itemOf(donor.sessionId)).toMatchObject({ amount, status: 'paid' });
    }
  });

  it('answers invalid-argument and stores nothing for a signed event it cannot read, and logs it', async () => {
    const { event, donor } = await paidSession(createAgent(t.app), { amount: 2_500 });
    const object = event.data.object;
    const unreadable: [string, object][] = [
      ['no data', { ...event, data: undefined }],
      ['no object', { ...event, data: {} }],
      ['no type', { ...event, type: undefined }],
      ['an amount as text', { ...event, data: { object: { ...object, amount_total: '25.00' } } }],
      [
        'an amount beyond 64 bits',
        { ...event, data: { object: { ...object, amount_total: 2 ** 64 } } },
      ],
      [
        'a currency the site does not keep',
        { ...event, data: { object: { ...object, currency: 'jpy' } } },
      ],
      [
        'a refund as text',
        stripeEvent('charge.refunded', { payment_intent: 'pi_x', amount_refunded: 'all' }, now()),
      ],
    ];
    for (const [what, body] of unreadable) {
      const before = await storedCounts(t);
      const logged = log.lines.length;
      const res = await deliver(t, { ...event, ...body });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error, what).toMatchObject({
        code: 'invalid-argument',
        message: expect.stringContaining('Payment event refused'),
      });
      expect(await storedCounts(t), what).toEqual(before);
      expect(log.lines.slice(logged), what).toContainEqual(
        expect.objectContaining({ level: 50, msg: 'payment event refused: it could not be read' }),
      );
    }
    expect(await itemOf(donor.sessionId)).toBeUndefined();
    // Another integration's object is not ours to read: acknowledged, whatever it holds.
    const foreign = await deliver(
      t,
      stripeEvent(
        'checkout.session.completed',
        { ...object, metadata: { order: '7781' }, amount_total: '25.00' },
        now(),
      ),
    );
    expect(foreign.statusCode).toBe(200);
    // The same event, readable, is taken once it arrives so (a retry after a fix).
    expect((await deliver(t, event)).json()).toEqual({
      received: true,
      handled: true,
      duplicate: false,
    });
    expect(await itemOf(donor.sessionId)).toMatchObject({ amount: 2_500, status: 'paid' });
  });

  it('caps a refund larger than its payment at the payment, in either order, and logs it', async () => {
    const refundOf = (paymentIntent: string) =>
      stripeEvent(
        'charge.refunded',
        refundedCharge({ paymentIntent, amount: 5_000, created: now(), email: 'x@example.test' }),
        now(),
      );
    const first = await paidSession(createAgent(t.app), { amount: 2_000 });
    const second = await paidSession(createAgent(t.app), { amount: 2_000 });
    const orders = [
      [first.event, refundOf(first.paymentIntent ?? '')],
      [refundOf(second.paymentIntent ?? ''), second.event],
    ];
    for (const [index, events] of orders.entries()) {
      const logged = log.lines.length;
      for (const event of events) expect((await deliver(t, event)).statusCode).toBe(200);
      const { donor } = index === 0 ? first : second;
      expect(await itemOf(donor.sessionId)).toMatchObject({
        amount: 2_000,
        amountRefunded: 2_000,
        status: 'refunded',
      });
      expect(log.lines.slice(logged)).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'refund larger than its payment: kept at the payment',
        }),
      );
    }
  });
});

describe('a payment in another currency than the site’s', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await stripeApp();
    admin = (await person(t, 'admin')).agent;
    const campaign = await admin.inject({
      method: 'PUT',
      url: '/api/admin/donations/campaign',
      payload: {
        title: 'A year of screenings',
        text: '',
        goal: 100_000,
        startsAt: new Date(Date.now() - 7 * day * 1000).toISOString().slice(0, 10),
        endsAt: null,
      },
    });
    expect(campaign.statusCode, campaign.body).toBe(200);
  });
  afterAll(() => t.close());

  it('is kept in its currency: totals, months and the tile per currency, the campaign in the site’s only, the receipt and the success page naming it', async () => {
    const dollars = await paidSession(createAgent(t.app), { amount: 5_000 });
    const abroad = createAgent(t.app);
    const euros = await paidSession(abroad, { amount: 2_000, currency: 'EUR' });
    for (const { event } of [dollars, euros]) {
      expect((await deliver(t, event)).json()).toMatchObject({ handled: true });
    }
    const amounts = [
      { currency: 'usd', amount: 5_000 },
      { currency: 'eur', amount: 2_000 },
    ];
    const list = await adminList(admin);
    expect(list.totals).toEqual({ count: 2, amounts });
    expect(list.items.find((item) => item.reference === euros.donor.sessionId)).toMatchObject({
      amount: 2_000,
      currency: 'eur',
    });
    const months = await admin.inject({ url: '/api/admin/donations/months' });
    expect(months.json()).toEqual({
      currency: 'usd',
      months: [
        {
          month: new Date().toISOString().slice(0, 7),
          count: 2,
          amounts: amounts.map((total) => ({ ...total, refunded: 0 })),
        },
      ],
    });
    const stats = await admin.inject({ url: '/api/admin/stats' });
    expect(stats.json<AdminStats>().donations).toEqual({ count: 2, amounts });

    const page = (await createAgent(t.app).inject({ url: '/api/donations' })).json<DonationsPage>();
    expect(page.campaign).toMatchObject({ raised: 5_000, supporters: 1, otherCurrencies: ['eur'] });
    expect(page.wall.map((entry) => [entry.amount, entry.currency]).sort()).toEqual([
      [2_000, 'eur'],
      [5_000, 'usd'],
    ]);

    const [receipt] = (await readMails(t)).filter((mail) => mail.to.includes(euros.donor.email));
    expect(receipt?.subject).toBe('Your €20 donation to Viewpoint: receipt');
    expect(receipt?.body).toContain('Amount: €20 EUR (one-off)');
    const status = await abroad.inject({
      url: `/api/donations/status?session_id=${euros.donor.sessionId}`,
    });
    expect(status.json()).toMatchObject({ state: 'received', amount: 2_000, currency: 'eur' });

    const csv = await admin.inject({ url: '/api/admin/donations/export.csv' });
    const row = csv.body.split('\r\n').find((line) => line.includes(euros.donor.sessionId));
    expect(row).toContain('"20.00","0.00","EUR"');
  });
});

describe('stopping a monthly gift with Stripe', () => {
  let t: TestApp;
  let giver: Person;
  let admin: Agent;
  beforeAll(async () => {
    t = await stripeApp();
    giver = await person(t);
    admin = (await person(t, 'admin')).agent;
  });
  afterAll(() => t.close());

  /** A monthly plan the member started, its checkout completed and its first invoice paid. */
  async function monthlyPlan() {
    const opened = await startCheckout(giver.agent, { amount: 1_000, interval: 'monthly' });
    const donor: Donor = {
      label: 'giver',
      email: giver.user.email,
      name: giver.user.name,
      amount: 1_000,
      ...opened,
    };
    const plan = stripeId('sub_1Q');
    const customer = stripeId('cus');
    const at = now() - 60;
    for (const event of [
      stripeEvent(
        'checkout.session.completed',
        completedSession(donor, {
          mode: 'subscription',
          paymentStatus: 'paid',
          created: at,
          subscription: plan,
          customer,
        }),
        at,
      ),
      stripeEvent(
        'invoice.paid',
        paidInvoice(donor, {
          id: stripeId('in_1Q'),
          subscription: plan,
          customer,
          paidAt: at,
          reason: 'subscription_create',
          paymentIntent: stripeId('pi_3Q'),
        }),
        at,
      ),
    ]) {
      expect((await deliver(t, event)).statusCode).toBe(200);
    }
    return { plan, donor, customer };
  }
  const gift = async (plan: string) => {
    const res = await giver.agent.inject({ url: '/api/donations/monthly' });
    return res.json<{ gifts: MonthlyGift[] }>().gifts.find((entry) => entry.id === plan);
  };
  const stop = (plan: string) =>
    giver.agent.inject({ method: 'POST', url: `/api/donations/monthly/${plan}/stop` });
  const cancellations = (plan: string) =>
    stripe.requests.filter(
      (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${plan}`,
    );

  it('asks Stripe to cancel the plan; the gift is stopping until Stripe’s event ends it', async () => {
    const { plan, donor, customer } = await monthlyPlan();
    expect(await gift(plan)).toMatchObject({ amount: 1_000, currency: 'usd', state: 'active' });

    const stopped = await stop(plan);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().gift).toMatchObject({ id: plan, state: 'stopping', endedAt: null });
    const [asked] = cancellations(plan);
    expect(asked?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(asked?.query.get('cancellation_details[comment]')).toBe('Stopped by the donor');
    // Asked again while Stripe has not reported it: Stripe says the plan is gone, which is fine.
    const again = await stop(plan);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().gift.state).toBe('stopping');
    expect(cancellations(plan)).toHaveLength(2);

    const ended = now();
    const deleted = await deliver(
      t,
      stripeEvent(
        'customer.subscription.deleted',
        deletedSubscription({
          id: plan,
          customer,
          amount: 1_000,
          startedAt: ended - 60,
          cancelledAt: ended,
          metadata: { checkout_id: donor.checkoutId },
        }),
        ended,
      ),
    );
    expect(deleted.json()).toMatchObject({ handled: true });
    expect(await gift(plan)).toMatchObject({
      state: 'ended',
      endedAt: new Date(ended * 1000).toISOString(),
    });
    const listed = (await adminList(admin)).items.find((item) => item.interval === 'monthly');
    expect(listed?.subscriptionCancelled).toBe(true);
    // Ended: nothing more is asked of Stripe.
    expect((await stop(plan)).json().gift.state).toBe('ended');
    expect(cancellations(plan)).toHaveLength(2);
  });

  it('keeps the gift going and says so when Stripe cannot be asked', async () => {
    const { plan } = await monthlyPlan();
    stripe.failing = true;
    try {
      const res = await stop(plan);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('the monthly gift goes on'),
      });
    } finally {
      stripe.failing = false;
    }
    expect((await gift(plan))?.state).toBe('active');
  });
});

// A realistic sequence: five one-off donors (two paying by bank debit, one of which fails),
// a monthly plan over three months then cancelled, two refunds, and events that are not ours.

/** A site and a Stripe of its own: what one run of the sequence delivers to and reads. */
interface Scenario {
  t: TestApp;
  stripe: StripeStandIn;
  admin: Agent;
  events: StripeEvent[];
  /** Provider reference (session or invoice) → who it is, the same in every run. */
  labels: Map<string, string>;
  emails: Map<string, string>;
  /** Invoices whose payment intent the event does not carry: Stripe is asked. */
  askedInvoices: string[];
  /** What was received, when, and refunded: the expected month totals are computed from it. */
  payments: { amount: number; refunded: number; paidAt: number }[];
  close(): Promise<void>;
}

/** The scenario's clock: the same in every run, so every run expects the same totals. */
const base = now();

async function openScenario(): Promise<Scenario> {
  const standIn = await startStripeStandIn();
  const t = await stripeApp(standIn.api);
  const admin = (await person(t, 'admin')).agent;
  const campaign = await admin.inject({
    method: 'PUT',
    url: '/api/admin/donations/campaign',
    payload: {
      title: 'A year of screenings',
      text: 'Hosting for the year.',
      goal: 100_000,
      startsAt: new Date((base - 90 * day) * 1000).toISOString().slice(0, 10),
      endsAt: null,
    },
  });
  expect(campaign.statusCode, campaign.body).toBe(200);

  const bob = await person(t, 'user', { name: 'Bob Okafor' });
  const frank = await person(t, 'user', { name: 'Frank Ito' });
  const erinMember = await person(t, 'user', { name: 'Erin Blake' });
  const donor = async (
    label: string,
    agent: Agent,
    body: CheckoutBody,
    who: { email: string; name: string },
  ): Promise<Donor> => ({
    label,
    amount: body.amount,
    ...who,
    ...(await startCheckout(agent, body, standIn)),
  });
  const alice = await donor(
    'alice',
    createAgent(t.app),
    { amount: 2_500, showName: true, name: 'Alice Moreau', message: 'For the archive' },
    { email: 'alice@example.test', name: 'Alice Moreau' },
  );
  const bobs = await donor(
    'bob',
    bob.agent,
    { amount: 5_000, showName: true },
    { email: bob.user.email, name: 'Bob Okafor' },
  );
  const carol = await donor(
    'carol',
    createAgent(t.app),
    { amount: 1_000 },
    { email: 'carol@example.test', name: 'Carol Diaz' },
  );
  const dave = await donor(
    'dave',
    createAgent(t.app),
    { amount: 1_500 },
    { email: 'dave@example.test', name: 'Dave Lund' },
  );
  const erin = await donor(
    'erin',
    erinMember.agent,
    { amount: 10_000, showName: true },
    { email: erinMember.user.email, name: 'Erin Blake' },
  );
  const franks = await donor(
    'frank',
    frank.agent,
    { amount: 500, interval: 'monthly', showName: true, message: 'Monthly, gladly' },
    { email: frank.user.email, name: 'Frank Ito' },
  );

  const intents = {
    alice: stripeId('pi_3Q'),
    bob: stripeId('pi_3Q'),
    carol: stripeId('pi_3Q'),
    dave: stripeId('pi_3Q'),
    erin: stripeId('pi_3Q'),
    frank: [stripeId('pi_3Q'), stripeId('pi_3Q'), stripeId('pi_3Q')] as const,
  };
  const plan = stripeId('sub_1Q');
  const customer = stripeId('cus');
  const invoices = [stripeId('in_1Q'), stripeId('in_1Q'), stripeId('in_1Q')] as const;
  const paidAt = [base - 62 * day, base - 31 * day, base - 3600] as const;
  // The second invoice's event lists its payment; for the others the handler asks Stripe.
  standIn.addInvoicePayment(invoices[0], intents.frank[0]);
  standIn.addInvoicePayment(invoices[2], intents.frank[2]);

  const completed = (
    who: Donor,
    at: number,
    extra: Partial<Parameters<typeof completedSession>[1]>,
  ) =>
    stripeEvent(
      'checkout.session.completed',
      completedSession(who, { mode: 'payment', paymentStatus: 'paid', created: at, ...extra }),
      at,
    );
  const asyncResult = (type: string, who: Donor, at: number, paymentIntent: string) =>
    stripeEvent(
      type,
      completedSession(who, {
        mode: 'payment',
        paymentStatus: type.endsWith('succeeded') ? 'paid' : 'unpaid',
        created: at - 3 * day,
        paymentIntent,
        method: 'sepa_debit',
      }),
      at,
    );
  const foreign: Donor = {
    label: 'foreign',
    email: 'shop@example.test',
    name: 'A shop customer',
    amount: 9_900,
    checkoutId: 'unused',
    sessionId: stripeId('cs_test_b1', 50),
  };
  const foreignPlan = stripeId('sub_1Q');

  const events = [
    completed(alice, base - 3 * day, { paymentIntent: intents.alice }),
    stripeEvent(
      'payment_intent.succeeded',
      { id: intents.alice, object: 'payment_intent', amount: 2_500, status: 'succeeded' },
      base - 3 * day,
    ),
    completed(bobs, base - 2 * day, { paymentIntent: intents.bob }),
    completed(carol, base - 5 * day, {
      paymentIntent: intents.carol,
      paymentStatus: 'unpaid',
      method: 'sepa_debit',
    }),
    asyncResult('checkout.session.async_payment_succeeded', carol, base - 2 * day, intents.carol),
    completed(dave, base - 4 * day, {
      paymentIntent: intents.dave,
      paymentStatus: 'unpaid',
      method: 'sepa_debit',
    }),
    asyncResult('checkout.session.async_payment_failed', dave, base - day, intents.dave),
    completed(erin, base - 10 * day, { paymentIntent: intents.erin }),
    stripeEvent(
      'charge.refunded',
      refundedCharge({
        paymentIntent: intents.erin,
        amount: 10_000,
        created: base - 6 * day,
        email: erin.email,
      }),
      base - 6 * day,
    ),
    stripeEvent(
      'checkout.session.completed',
      completedSession(franks, {
        mode: 'subscription',
        paymentStatus: 'paid',
        created: paidAt[0] - 5,
        subscription: plan,
        customer,
      }),
      paidAt[0] - 5,
    ),
    ...invoices.map((invoice, index) =>
      stripeEvent(
        'invoice.paid',
        paidInvoice(franks, {
          id: invoice,
          subscription: plan,
          customer,
          paidAt: paidAt[index] ?? base,
          reason: index === 0 ? 'subscription_create' : 'subscription_cycle',
          ...(index === 1 ? { paymentIntent: intents.frank[1] } : {}),
        }),
        paidAt[index] ?? base,
      ),
    ),
    stripeEvent('invoice.finalized', { id: invoices[2], object: 'invoice' }, paidAt[2] - 60),
    stripeEvent(
      'charge.refunded',
      refundedCharge({
        paymentIntent: intents.frank[1],
        amount: 500,
        created: base - 20 * day,
        email: franks.email,
      }),
      base - 20 * day,
    ),
    stripeEvent(
      'customer.subscription.deleted',
      deletedSubscription({
        id: plan,
        customer,
        amount: 500,
        startedAt: paidAt[0],
        cancelledAt: base - 1800,
        metadata: { checkout_id: franks.checkoutId },
      }),
      base - 1800,
    ),
    // Another integration on the same Stripe account: a payment link, a checkout id we never
    // made, a plan and a refund of its own.
    completed(foreign, base - 2 * day, { paymentIntent: stripeId('pi_3Q'), metadata: {} }),
    completed({ ...foreign, sessionId: stripeId('cs_test_b1', 50) }, base - 2 * day, {
      paymentIntent: stripeId('pi_3Q'),
      metadata: { checkout_id: 'order-7781' },
    }),
    stripeEvent(
      'invoice.paid',
      paidInvoice(foreign, {
        id: stripeId('in_1Q'),
        subscription: foreignPlan,
        customer: stripeId('cus'),
        paidAt: base - day,
        reason: 'subscription_cycle',
        metadata: {},
      }),
      base - day,
    ),
    stripeEvent(
      'charge.refunded',
      refundedCharge({
        paymentIntent: stripeId('pi_3Q'),
        amount: 9_900,
        created: base - day,
        email: foreign.email,
      }),
      base - day,
    ),
    stripeEvent(
      'customer.subscription.deleted',
      deletedSubscription({
        id: foreignPlan,
        customer: stripeId('cus'),
        amount: 9_900,
        startedAt: base - 40 * day,
        cancelledAt: base - 600,
        metadata: {},
      }),
      base - 600,
    ),
  ];

  const labels = new Map<string, string>([
    [alice.sessionId, 'alice'],
    [bobs.sessionId, 'bob'],
    [carol.sessionId, 'carol'],
    [dave.sessionId, 'dave'],
    [erin.sessionId, 'erin'],
    ...invoices.map((invoice, index): [string, string] => [invoice, `frank, month ${index + 1}`]),
  ]);
  const emails = new Map(
    [alice, bobs, carol, dave, erin, franks].map((who) => [who.email, who.label]),
  );
  return {
    t,
    stripe: standIn,
    admin,
    events,
    labels,
    emails,
    askedInvoices: [invoices[0], invoices[2]],
    payments: [
      { amount: 2_500, refunded: 0, paidAt: base - 3 * day },
      { amount: 5_000, refunded: 0, paidAt: base - 2 * day },
      { amount: 1_000, refunded: 0, paidAt: base - 2 * day },
      { amount: 10_000, refunded: 10_000, paidAt: base - 10 * day },
      { amount: 500, refunded: 0, paidAt: paidAt[0] },
      { amount: 500, refunded: 500, paidAt: paidAt[1] },
      { amount: 500, refunded: 0, paidAt: paidAt[2] },
    ],
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

const handledTypes = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'customer.subscription.deleted',
  'charge.refunded',
]);

/** A seeded shuffle (mulberry32 and Fisher–Yates): the same seed, the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** What a run ends with, in terms that do not depend on the ids Stripe gave out. */
async function outcome(scenario: Scenario) {
  const { t, admin } = scenario;
  const list = await adminList(admin);
  const page = (await createAgent(t.app).inject({ url: '/api/donations' })).json<DonationsPage>();
  const months = await admin.inject({ url: '/api/admin/donations/months' });
  const receipts = new Map<string, number>();
  for (const mail of await readMails(t)) {
    const who = [...scenario.emails].find(([email]) => mail.to.includes(email))?.[1] ?? mail.to;
    receipts.set(who, (receipts.get(who) ?? 0) + 1);
  }
  const byStatus = async (status: string) => (await adminList(admin, `&status=${status}`)).totals;
  // Members who gave by name: a supporter while their gift stays.
  const supporters: Record<string, boolean> = {};
  for (const item of list.items) {
    if (!item.member || item.name === 'Anonymous') continue;
    const profile = await createAgent(t.app).inject({
      url: `/api/profiles/${item.member.username}`,
    });
    supporters[item.name] = profile.json<{ profile: PublicProfile }>().profile.supporter;
  }
  return {
    donations: list.items
      .map((item) => ({
        who: scenario.labels.get(item.reference) ?? `unknown ${item.reference}`,
        status: item.status,
        interval: item.interval,
        amount: item.amount,
        amountRefunded: item.amountRefunded,
        name: item.name,
        paidAt: item.paidAt,
        planCancelled: item.subscriptionCancelled,
      }))
      .sort((a, b) => a.who.localeCompare(b.who)),
    totals: list.totals,
    byStatus: {
      paid: await byStatus('paid'),
      pending: await byStatus('pending'),
      failed: await byStatus('failed'),
      refunded: await byStatus('refunded'),
    },
    campaign: { raised: page.campaign?.raised, supporters: page.campaign?.supporters },
    wall: page.wall.map((entry) => `${entry.name} ${entry.amount}`).sort(),
    supporters,
    months: months.json<{ months: unknown[] }>().months,
    receipts: Object.fromEntries([...receipts].sort()),
    stored: await storedCounts(t),
  };
}

/** Month totals computed here from what the scenario paid, independently of the server. */
function expectedMonths(payments: Scenario['payments']) {
  const months = new Map<
    string,
    { month: string; count: number; amounts: [MoneyTotal & { refunded: number }] }
  >();
  for (const payment of payments) {
    const month = new Date(payment.paidAt * 1000).toISOString().slice(0, 7);
    const entry = months.get(month) ?? {
      month,
      count: 0,
      amounts: [{ currency: 'usd', amount: 0, refunded: 0 }],
    };
    entry.count += 1;
    entry.amounts[0].amount += payment.amount - payment.refunded;
    entry.amounts[0].refunded += payment.refunded;
    months.set(month, entry);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * What the sequence ends with, whatever the order and however often it is delivered: each run
 * is held to this, so no run depends on another having run.
 */
function expectedOutcome(scenario: Scenario) {
  const paid = (who: string, amount: number, at: number, name: string) => ({
    who,
    status: 'paid',
    interval: who.startsWith('frank') ? 'monthly' : 'once',
    amount,
    amountRefunded: 0,
    name,
    paidAt: iso(at),
    planCancelled: who.startsWith('frank'),
  });
  const dollars = (amount: number) => [{ currency: 'usd', amount }];
  return {
    donations: [
      paid('alice', 2_500, base - 3 * day, 'Alice Moreau'),
      paid('bob', 5_000, base - 2 * day, 'Bob Okafor'),
      paid('carol', 1_000, base - 2 * day, 'Anonymous'),
      { ...paid('dave', 1_500, 0, 'Anonymous'), status: 'failed', paidAt: null },
      {
        ...paid('erin', 10_000, base - 10 * day, 'Erin Blake'),
        status: 'refunded',
        amountRefunded: 10_000,
      },
      paid('frank, month 1', 500, base - 62 * day, 'Frank Ito'),
      {
        ...paid('frank, month 2', 500, base - 31 * day, 'Frank Ito'),
        status: 'refunded',
        amountRefunded: 500,
      },
      paid('frank, month 3', 500, base - 3600, 'Frank Ito'),
    ],
    totals: { count: 8, amounts: dollars(9_500) },
    byStatus: {
      paid: { count: 5, amounts: dollars(9_500) },
      pending: { count: 0, amounts: [] },
      failed: { count: 1, amounts: dollars(0) },
      refunded: { count: 2, amounts: dollars(0) },
    },
    campaign: { raised: 9_500, supporters: 4 },
    wall: [
      'Alice Moreau 2500',
      'Anonymous 1000',
      'Bob Okafor 5000',
      // Frank's monthly plan once, at its latest kept payment.
      'Frank Ito 500',
    ],
    supporters: { 'Bob Okafor': true, 'Erin Blake': false, 'Frank Ito': true },
    months: expectedMonths(scenario.payments),
    // One receipt per payment received (a refund does not take the receipt back).
    receipts: { alice: 1, bob: 1, carol: 1, erin: 1, frank: 3 },
    stored: {
      events: scenario.events.filter((event) => handledTypes.has(event.type)).length,
      donations: 8,
    },
  };
}

describe('a realistic Stripe event sequence, delivered twice in shuffled orders', () => {
  /** The first delivery's order; the second delivery is shuffled again with `replaySeed`. */
  const orders: {
    name: string;
    first: (events: StripeEvent[]) => StripeEvent[];
    replaySeed: number;
  }[] = [
    { name: 'shuffled with seed 1', first: (events) => shuffled(events, 1), replaySeed: 11 },
    {
      name: 'shuffled with seed 20261028',
      first: (events) => shuffled(events, 20_261_028),
      replaySeed: 12,
    },
    { name: 'shuffled with seed 777', first: (events) => shuffled(events, 777), replaySeed: 13 },
    // Both refunds and the plan's cancellation arrive before the payments they are about.
    { name: 'in reverse', first: (events) => [...events].reverse(), replaySeed: 14 },
  ];

  it.each(orders)(
    'ends with exactly the right donations and totals, $name',
    async ({ first, replaySeed }) => {
      const scenario = await openScenario();
      try {
        const { t, events } = scenario;
        for (const event of first(events)) {
          const res = await deliver(t, event);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual({
            received: true,
            handled: handledTypes.has(event.type),
            duplicate: false,
          });
        }
        expect(await outcome(scenario)).toEqual(expectedOutcome(scenario));
        // Stripe delivers again (retries, a replay from the dashboard): nothing changes.
        for (const event of shuffled(events, replaySeed)) {
          const res = await deliver(t, event);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual({
            received: true,
            handled: false,
            duplicate: handledTypes.has(event.type),
          });
        }
        expect(await outcome(scenario)).toEqual(expectedOutcome(scenario));
        // Stripe was asked for the payments of exactly the invoices whose events lacked them.
        const asked = scenario.stripe.requests
          .filter((request) => request.path === '/v1/invoice_payments')
          .map((request) => request.query.get('invoice'));
        expect(new Set(asked)).toEqual(new Set(scenario.askedInvoices));
      } finally {
        await scenario.close();
      }
    },
    60_000,
  );

  it('ends the same when every event arrives twice at the same moment', async () => {
    const scenario = await openScenario();
    try {
      const { t, events } = scenario;
      const answers = await Promise.all(
        shuffled(events, 5).flatMap((event) =>
          [0, 1].map(async () => {
            const res = await deliver(t, event);
            expect(res.statusCode, res.body).toBe(200);
            return { type: event.type, id: event.id, ...res.json<{ duplicate: boolean }>() };
          }),
        ),
      );
      for (const event of events) {
        const pair = answers.filter((answer) => answer.id === event.id);
        expect(pair.map((answer) => answer.duplicate).sort()).toEqual(
          handledTypes.has(event.type) ? [false, true] : [false, false],
        );
      }
      expect(await outcome(scenario)).toEqual(expectedOutcome(scenario));
    } finally {
      await scenario.close();
    }
  }, 60_000);
});
