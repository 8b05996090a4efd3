import { z } from 'zod';
import { donationCurrencies, type DonationInterval } from '../../../shared/donations.js';
import type { Payments } from '../../platform/payments/payments.js';

/**
 * What a provider event means for us, as a fact that can be applied in any order: a payment
 * and its state, a monthly plan and whether it ended, or a refund. The fields read are those
 * of Stripe's API (2026-10-28); the demo checkout sends the same shapes.
 */
export type PaymentFact =
  | {
      kind: 'payment';
      checkoutId: string;
      /** The checkout session (one-off) or invoice (monthly). */
      providerRef: string;
      paymentRef: string | null;
      subscriptionId: string | null;
      amount: number;
      currency: string;
      interval: DonationInterval;
      email: string | null;
      status: 'pending' | 'paid' | 'failed';
      at: Date;
    }
  | { kind: 'plan'; checkoutId: string; subscriptionId: string; cancelledAt: Date | null }
  | { kind: 'refund'; paymentRef: string; amountRefunded: number };

/**
 * A signed event we cannot read: an object of ours (or an envelope) missing a field, with a
 * wrong type, an amount beyond 64 bits or a currency the site does not keep. Answered
 * invalid-argument with nothing stored (decision 041): the provider retries, and a retry after
 * a fix applies it.
 */
export class MalformedEvent extends Error {
  override name = 'MalformedEvent';
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/** Every event: its id, type, time and object. */
const envelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type ReadEvent = z.infer<typeof envelope>;

/** Our checkout id (a UUID), which every session, plan and payment we start carries. */
const ourMetadata = z.object({ checkout_id: z.uuid() });
const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((value) => value.id)]);
const currency = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(donationCurrencies, 'A currency this site does not keep'));
/** Minor units; any integer a 64-bit column and a JavaScript number hold exactly. */
const amount = z.number().int().nonnegative();
const email = z.string().max(320).nullish();

const checkoutSession = z.object({
  id: z.string(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: amount.nullable(),
  currency: currency.nullable(),
  customer_email: email,
  customer_details: z.object({ email }).nullish(),
  metadata: ourMetadata,
  payment_intent: idOf.nullish(),
  subscription: idOf.nullish(),
});

const invoice = z.object({
  id: z.string(),
  amount_paid: amount,
  currency,
  customer_email: email,
  parent: z.object({
    subscription_details: z.object({ subscription: idOf, metadata: ourMetadata }),
  }),
  payments: z
    .object({
      data: z.array(z.object({ payment: z.object({ payment_intent: idOf.nullish() }) })),
    })
    .nullish(),
  status_transitions: z.object({ paid_at: z.number().int().nullish() }).nullish(),
});

const subscription = z.object({
  id: z.string(),
  metadata: ourMetadata,
  canceled_at: z.number().int().nullish(),
  ended_at: z.number().int().nullish(),
});

const charge = z.object({
  payment_intent: idOf.nullish(),
  amount_refunded: amount,
});

/**
 * Where each handled type carries our checkout id: an object without it is another
 * integration's on the same account, acknowledged and left alone. A charge carries none
 * (refunds are matched by payment intent), so every refund is read.
 */
const ours = {
  session: z.object({ metadata: ourMetadata }),
  invoice: z.object({
    parent: z.object({ subscription_details: z.object({ metadata: ourMetadata }) }),
  }),
  any: z.unknown(),
};

/** The event types acted on; any other is acknowledged and left alone. */
export const handledEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

const seconds = (value: number) => new Date(value * 1000);

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => ({
    path: `/${issue.path.map(String).join('/')}`,
    message: issue.message,
  }));

/** The event's envelope, or MalformedEvent. */
export function readEvent(event: unknown): ReadEvent {
  const parsed = envelope.safeParse(event);
  if (!parsed.success) {
    throw new MalformedEvent('The event has no id, type, time or object', issuesOf(parsed.error));
  }
  return parsed.data;
}

/**
 * The object, read by `schema` when it is ours (`owner` finds our checkout id in it); null
 * when it is not ours; MalformedEvent when it is ours and cannot be read.
 */
function readOurs<T>(owner: z.ZodType, schema: z.ZodType<T>, event: ReadEvent): T | null {
  if (!owner.safeParse(event.data.object).success) return null;
  const parsed = schema.safeParse(event.data.object);
  if (!parsed.success) {
    throw new MalformedEvent(
      `The ${event.type} event's object could not be read`,
      issuesOf(parsed.error),
    );
  }
  return parsed.data;
}

/** The facts of an event, and what was left out by a rule (logged; nothing is stored of it). */
export interface EventFacts {
  facts: PaymentFact[];
  refusals: string[];
}

/**
 * A payment of nothing is no donation: no row, no receipt. It is refused by a rule rather than
 * as unreadable, so it is acknowledged (a retry would be refused again).
 */
function keepPayments(facts: PaymentFact[]): EventFacts {
  const refusals: string[] = [];
  const kept = facts.filter((fact) => {
    if (fact.kind !== 'payment' || fact.amount > 0) return true;
    refusals.push(`a payment of 0 (${fact.providerRef}) is not a donation`);
    return false;
  });
  return { facts: kept, refusals };
}

/**
 * The facts of one event: none for a type we do not handle or an object that is not ours
 * (no checkout id of ours in its metadata); MalformedEvent for an object of ours that cannot
 * be read.
 */
export async function factsOf(event: ReadEvent, payments: Payments): Promise<EventFacts> {
  const at = seconds(event.created);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = readOurs(ours.session, checkoutSession, event);
      if (!session) return { facts: [], refusals: [] };
      const checkoutId = session.metadata.checkout_id;
      if (session.mode === 'subscription') {
        // The money of a monthly plan comes with each paid invoice, the first one included.
        const facts: PaymentFact[] = session.subscription
          ? [{ kind: 'plan', checkoutId, subscriptionId: session.subscription, cancelledAt: null }]
          : [];
        return { facts, refusals: [] };
      }
      if (session.mode !== 'payment' || session.amount_total === null || !session.currency) {
        return { facts: [], refusals: [] };
      }
      const status =
        event.type === 'checkout.session.async_payment_failed'
          ? 'failed'
          : event.type === 'checkout.session.async_payment_succeeded' ||
              session.payment_status === 'paid'
            ? 'paid'
            : 'pending';
      return keepPayments([
        {
          kind: 'payment',
          checkoutId,
          providerRef: session.id,
          paymentRef: session.payment_intent ?? null,
          subscriptionId: null,
          amount: session.amount_total,
          currency: session.currency,
          interval: 'once',
          email: session.customer_details?.email ?? session.customer_email ?? null,
          status,
          at,
        },
      ]);
    }
    case 'invoice.paid': {
      const paid = readOurs(ours.invoice, invoice, event);
      if (!paid) return { facts: [], refusals: [] };
      const { subscription_details: plan } = paid.parent;
      const listed = paid.payments?.data.find((entry) => entry.payment.payment_intent);
      const paymentRef =
        listed?.payment.payment_intent ?? (await payments.invoicePaymentRef(paid.id));
      const paidAt = paid.status_transitions?.paid_at;
      return keepPayments([
        {
          kind: 'plan',
          checkoutId: plan.metadata.checkout_id,
          subscriptionId: plan.subscription,
          cancelledAt: null,
        },
        {
          kind: 'payment',
          checkoutId: plan.metadata.checkout_id,
          providerRef: paid.id,
          paymentRef,
          subscriptionId: plan.subscription,
          amount: paid.amount_paid,
          currency: paid.currency,
          interval: 'monthly',
          email: paid.customer_email ?? null,
          status: 'paid',
          at: paidAt ? seconds(paidAt) : at,
        },
      ]);
    }
    case 'customer.subscription.deleted': {
      const plan = readOurs(ours.session, subscription, event);
      if (!plan) return { facts: [], refusals: [] };
      const ended = plan.canceled_at ?? plan.ended_at;
      const facts: PaymentFact[] = [
        {
          kind: 'plan',
          checkoutId: plan.metadata.checkout_id,
          subscriptionId: plan.id,
          cancelledAt: ended ? seconds(ended) : at,
        },
      ];
      return { facts, refusals: [] };
    }
    case 'charge.refunded': {
      const refunded = readOurs(ours.any, charge, event);
      if (!refunded?.payment_intent) return { facts: [], refusals: [] };
      const facts: PaymentFact[] = [
        {
          kind: 'refund',
          paymentRef: refunded.payment_intent,
          amountRefunded: refunded.amount_refunded,
        },
      ];
      return { facts, refusals: [] };
    }
    default:
      return { facts: [], refusals: [] };
  }
}
