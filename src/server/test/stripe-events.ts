import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Stripe's webhook events as Stripe posts them (API 2026-10-28): ids in Stripe's style, the
 * event around an object, and the signature header made by Stripe's own library. The objects
 * the events carry are in stripe-objects.ts; Stripe's API, which the site calls, is stood in
 * for by stripe-stand-in.ts.
 */

/** The API version the stand-in answers with and every event carries. */
export const stripeApiVersion = '2026-10-28.endive';

/** Letters and digits at random, as Stripe's ids and addresses carry them. */
export const alphanumeric = (length: number) => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join('');
};

/** An id in Stripe's style: `pi_3Q…`, `cs_test_a1…`. */
export const stripeId = (prefix: string, length = 24) => `${prefix}_${alphanumeric(length)}`;

/** What a test reads of an event: the rest is Stripe's envelope. */
export interface StripeEvent {
  id: string;
  type: string;
  created: number;
}

/** An event of `type` about `object`, as Stripe posts it to a webhook endpoint. */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number) {
  return {
    id: stripeId('evt_1Q'),
    object: 'event',
    api_version: stripeApiVersion,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

// Signing needs no account: the key is never used to call Stripe.
const signer = new Stripe('sk_test_x');

/**
 * The Stripe-Signature header of `payload` for the endpoint's `secret`, signed now or at
 * `timestamp`.
 */
export function stripeSignature(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}
