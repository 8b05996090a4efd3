import { createHmac, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { DonationCurrency, DonationInterval } from '../../../shared/donations.js';

/** What the donor asked for, and where the provider sends them back. */
export interface CheckoutRequest {
  /** Our checkout id: every event about this payment carries it in its metadata. */
  checkoutId: string;
  amount: number;
  currency: DonationCurrency;
  interval: DonationInterval;
  /** The signed-in donor's address; the provider asks a visitor for theirs. */
  email: string | null;
  /** What the provider shows on its page and the statement ("Donation to Viewpoint"). */
  description: string;
  /** Stripe replaces `{CHECKOUT_SESSION_ID}` in it. */
  successUrl: string;
  cancelUrl: string;
}

/** A provider event, verified: Stripe's own shape, whichever provider sent it. */
export type PaymentEvent = Stripe.Event;

/** An event as the provider posts it to the webhook: the JSON body and its signature header. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

/** A monthly plan at the provider, and our checkout its events carry. */
export interface ProviderPlan {
  subscriptionId: string;
  checkoutId: string;
}

/** The signature was missing, wrong, or too old: the event is refused and nothing is done. */
export class SignatureError extends Error {
  override name = 'SignatureError';
}

/**
 * The payment provider (DESIGN.md §2): Stripe Checkout when `STRIPE_*` is set, the built-in
 * demo checkout otherwise. Both deliver Stripe-shaped events, signed with Stripe's scheme, to
 * the one webhook endpoint, so one piece of code handles every payment.
 */
export interface Payments {
  kind: 'demo' | 'stripe';
  /** Opens a checkout session; `url` is where the donor pays. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Checks the signature against the raw bytes (with a timestamp tolerance) and parses. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
  /**
   * The payment intent of an invoice, when its event did not carry it (Stripe's invoices list
   * their payments separately); refunds name the payment intent.
   */
  invoicePaymentRef(invoiceId: string): Promise<string | null>;
  /**
   * Ends a monthly plan now, at the donor's request; asking again for an ended plan is fine.
   * The provider reports the end to the webhook as `customer.subscription.deleted`, which
   * records it: Stripe posts that event itself, the demo (which has no network) answers it
   * signed, for the site to post.
   */
  cancelSubscription(plan: ProviderPlan): Promise<SignedEvent[]>;
  /** The demo signs its own events; Stripe signs its own. */
  signEvent?(payload: string): Promise<string>;
}

/** How old a signed event may be: Stripe's default of five minutes. */
export const signatureToleranceSeconds = 300;

let library: Promise<typeof Stripe> | undefined;
/**
 * Stripe's library, loaded at its first use: a payment is rare, and the library holds about
 * 7 MB a process would otherwise carry from its start (decision 031: a process loads what it
 * uses).
 */
export function stripeLibrary(): Promise<typeof Stripe> {
  library ??= import('stripe').then((module) => module.default);
  return library;
}

let offline: Promise<Stripe> | undefined;
/** Only the webhook methods of Stripe's library are used offline; no key is sent anywhere. */
function offlineStripe(): Promise<Stripe> {
  offline ??= stripeLibrary().then((Library) => new Library('sk_offline_unused'));
  return offline;
}

async function verify(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Promise<PaymentEvent> {
  if (!signature) throw new SignatureError('The Stripe-Signature header is missing');
  const stripe = await offlineStripe();
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, signatureToleranceSeconds);
  } catch (error) {
    throw new SignatureError(
      error instanceof Error ? error.message : 'The event signature does not match',
    );
  }
}

/** Ids in Stripe's style, as the demo makes them: a prefix and random characters. */
export const demoId = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString('hex')}`;

/** An event as Stripe delivers it, around one object (the demo's events are built so). */
export async function demoEvent(type: string, object: Record<string, unknown>, created: number) {
  return {
    id: demoId('evt'),
    object: 'event',
    api_version: (await stripeLibrary()).API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** Where Stripe's API is: api.stripe.com, or a stand-in started by a test. */
export interface StripeApi {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export function createStripePayments(options: {
  secretKey: string;
  webhookSecret: string;
  api?: StripeApi;
}): Payments {
  const client = stripeLibrary().then(
    (Library) =>
      new Library(options.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(options.api ?? {}),
      }),
  );
  return {
    kind: 'stripe',
    async createCheckout(request) {
      const metadata = { checkout_id: request.checkoutId };
      const monthly = request.interval === 'monthly';
      const stripe = await client;
      const session = await stripe.checkout.sessions.create(
        {
          mode: monthly ? 'subscription' : 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amount,
                product_data: { name: request.description },
                ...(monthly ? { recurring: { interval: 'month' as const } } : {}),
              },
            },
          ],
          ...(request.email ? { customer_email: request.email } : {}),
          metadata,
          ...(monthly
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata }, submit_type: 'donate' as const }),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retry of the same checkout never opens a second session.
        { idempotencyKey: `checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    verifyEvent: (rawBody, signature) => verify(rawBody, signature, options.webhookSecret),
    async invoicePaymentRef(invoiceId) {
      const stripe = await client;
      const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
      for (const entry of payments.data) {
        const intent = entry.payment.payment_intent;
        if (intent) return typeof intent === 'string' ? intent : intent.id;
      }
      return null;
    },
    async cancelSubscription(plan) {
      const stripe = await client;
      try {
        await stripe.subscriptions.cancel(plan.subscriptionId, {
          cancellation_details: { comment: 'Stopped by the donor' },
        });
      } catch (error) {
        // Stripe answers an ended plan as missing: it is ended, which is what was asked.
        const gone =
          error instanceof (await stripeLibrary()).errors.StripeInvalidRequestError &&
          error.code === 'resource_missing';
        if (!gone) throw error;
      }
      return [];
    },
  };
}

/**
 * The built-in demo checkout: a session is an id on this site (`/donate/checkout/<id>`), and
 * paying it sends Stripe-shaped events signed with a secret derived from the site's own.
 */
export function createDemoPayments(options: { secret: string }): Payments {
  const webhookSecret = `whsec_demo_${createHmac('sha256', options.secret).update('payments-demo').digest('hex')}`;
  const signEvent = async (payload: string) =>
    (await offlineStripe()).webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  return {
    kind: 'demo',
    createCheckout() {
      const sessionId = `cs_demo_${randomBytes(18).toString('base64url').replace(/[-]/g, '_')}`;
      return Promise.resolve({ sessionId, url: `/donate/checkout/${sessionId}` });
    },
    verifyEvent: (rawBody, signature) => verify(rawBody, signature, webhookSecret),
    // The demo's invoice events carry their payment intent.
    invoicePaymentRef: () => Promise.resolve(null),
    // The demo keeps no plans of its own: the plan ends when the site applies this event.
    async cancelSubscription(plan) {
      const now = Math.floor(Date.now() / 1000);
      const event = await demoEvent(
        'customer.subscription.deleted',
        {
          id: plan.subscriptionId,
          object: 'subscription',
          status: 'canceled',
          canceled_at: now,
          ended_at: now,
          cancellation_details: {
            comment: 'Stopped by the donor',
            reason: 'cancellation_requested',
          },
          metadata: { checkout_id: plan.checkoutId },
        },
        now,
      );
      const payload = JSON.stringify(event);
      return [{ payload, signature: await signEvent(payload) }];
    },
    signEvent,
  };
}

/** The provider the config names; `api` points Stripe's client elsewhere (a test's stand-in). */
export function openPayments(
  config: { stripe: { secretKey: string; webhookSecret: string } | undefined; authSecret: string },
  api?: StripeApi,
): Payments {
  return config.stripe
    ? createStripePayments({ ...config.stripe, ...(api ? { api } : {}) })
    : createDemoPayments({ secret: config.authSecret });
}
