import { z } from 'zod';
import { donationCurrencies, type DonationInterval } from '../../../shared/donations.js';
import type { PaymentEvent, Payments } from '../../platform/payments/payments.js';

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

/** Our checkout id, which every session, plan and payment we start carries. */
const ourMetadata = z.object({ checkout_id: z.string().min(1).max(100) });
const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((value) => value.id)]);
const currency = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(donationCurrencies));
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

/** Whether an object is ours to act on: sessions and plans other integrations start are not. */
function parse<T>(schema: z.ZodType<T>, object: unknown): T | null {
  const parsed = schema.safeParse(object);
  return parsed.success ? parsed.data : null;
}

/**
 * The facts of one event: none for a type we do not handle or an object that is not ours
 * (no checkout id of ours in its metadata).
 */
export async function factsOf(event: PaymentEvent, payments: Payments): Promise<PaymentFact[]> {
  const object: unknown = event.data.object;
  const at = seconds(event.created);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = parse(checkoutSession, object);
      if (!session) return [];
      const checkoutId = session.metadata.checkout_id;
      if (session.mode === 'subscription') {
        // The money of a monthly plan comes with each paid invoice, the first one included.
        return session.subscription
          ? [{ kind: 'plan', checkoutId, subscriptionId: session.subscription, cancelledAt: null }]
          : [];
      }
      if (session.mode !== 'payment' || session.amount_total === null || !session.currency) {
        return [];
      }
      const status =
        event.type === 'checkout.session.async_payment_failed'
          ? 'failed'
          : event.type === 'checkout.session.async_payment_succeeded' ||
              session.payment_status === 'paid'
            ? 'paid'
            : 'pending';
      return [
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
      ];
    }
    case 'invoice.paid': {
      const paid = parse(invoice, object);
      if (!paid) return [];
      const { subscription_details: plan } = paid.parent;
      const listed = paid.payments?.data.find((entry) => entry.payment.payment_intent);
      const paymentRef =
        listed?.payment.payment_intent ?? (await payments.invoicePaymentRef(paid.id));
      const paidAt = paid.status_transitions?.paid_at;
      return [
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
      ];
    }
    case 'customer.subscription.deleted': {
      const plan = parse(subscription, object);
      if (!plan) return [];
      const ended = plan.canceled_at ?? plan.ended_at;
      return [
        {
          kind: 'plan',
          checkoutId: plan.metadata.checkout_id,
          subscriptionId: plan.id,
          cancelledAt: ended ? seconds(ended) : at,
        },
      ];
    }
    case 'charge.refunded': {
      const refunded = parse(charge, object);
      if (!refunded?.payment_intent) return [];
      return [
        {
          kind: 'refund',
          paymentRef: refunded.payment_intent,
          amountRefunded: refunded.amount_refunded,
        },
      ];
    }
    default:
      return [];
  }
}
