import { demoEvent, demoId } from '../../platform/payments/payments.js';
import type { DonationCurrency, DonationInterval } from '../../../shared/donations.js';

/**
 * The events Stripe sends when a checkout is paid: the session completed, and for a monthly
 * plan its first invoice paid. Built in Stripe's own shapes so that the demo exercises the
 * same handling code as a real payment.
 */
export async function demoEvents(
  checkout: {
    id: string;
    session_id: string;
    amount: number;
    currency: DonationCurrency;
    interval: DonationInterval;
  },
  /** The receipt's address: a member's verified one, or none (the receipt shows on the page). */
  email: string | null,
) {
  const now = Math.floor(Date.now() / 1000);
  const metadata = { checkout_id: checkout.id };
  const paymentIntent = demoId('pi');
  const monthly = checkout.interval === 'monthly';
  const subscription = monthly ? demoId('sub') : null;
  const session = {
    id: checkout.session_id,
    object: 'checkout.session',
    mode: monthly ? 'subscription' : 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: checkout.amount,
    currency: checkout.currency,
    customer_email: email,
    customer_details: { email },
    metadata,
    payment_intent: monthly ? null : paymentIntent,
    subscription,
    created: now,
  };
  const events = [await demoEvent('checkout.session.completed', session, now)];
  if (subscription) {
    events.push(
      await demoEvent(
        'invoice.paid',
        {
          id: demoId('in'),
          object: 'invoice',
          status: 'paid',
          amount_paid: checkout.amount,
          currency: checkout.currency,
          customer_email: email,
          billing_reason: 'subscription_create',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription, metadata },
          },
          payments: {
            object: 'list',
            data: [{ payment: { type: 'payment_intent', payment_intent: paymentIntent } }],
          },
          status_transitions: { paid_at: now },
        },
        now,
      ),
    );
  }
  return events;
}
