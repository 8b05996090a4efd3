// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../core/schema.js';

/*
 * Donations (features/donations). A checkout is what a donor asked for before paying: its id
 * travels in the provider's metadata, so every event finds the donor's choices whatever order
 * the events come in. A donation is money the provider told us about: one per one-off checkout
 * session, one per paid invoice of a monthly plan.
 */
export const donationCheckouts = pgTable(
  'donation_checkouts',
  {
    id: text('id').primaryKey(),
    /** The provider's checkout session (cs_…), once created. */
    sessionId: text('session_id').unique(),
    /** SHA-256 of the browser's donor cookie: only that browser may read the checkout back. */
    browserHash: text('browser_hash').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Minor units; 64-bit like every amount, so no provider's figure overflows it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    message: text('message').notNull().default(''),
    /** The name on the donor wall; null appears as 'Anonymous'. */
    publicName: text('public_name'),
    /** open, paid (the demo's Pay), cancelled. */
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('donation_checkouts_user_idx').on(table.userId)],
);

export const donations = pgTable(
  'donations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => donationCheckouts.id),
    /** The checkout session (one-off) or invoice (monthly) the money came through. */
    providerRef: text('provider_ref').notNull().unique(),
    /** The payment intent, which refunds name. */
    paymentRef: text('payment_ref').unique(),
    subscriptionId: text('subscription_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Minor units of `currency`, the currency the donor paid in (not always the site's). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    /** pending, failed or paid; refunded is `amount_refunded >= amount`. */
    status: text('status').notNull(),
    /** Never more than `amount`: a larger refund reported by the provider is capped. */
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    email: text('email'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
    messageHiddenById: text('message_hidden_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A receipt is owed once the money is received, and sent after the transaction. */
    receiptDue: boolean('receipt_due').notNull().default(false),
    /** A process is sending the receipt; another takes it over if this is old (a crash). */
    receiptClaimedAt: timestamp('receipt_claimed_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (table) => [
    index('donations_paid_idx').on(table.paidAt),
    index('donations_created_idx').on(table.createdAt, table.id),
    index('donations_user_idx').on(table.userId),
    /** A checkout's payments: a monthly gift's renewals, its message's hiding, the wall's one entry. */
    index('donations_checkout_idx').on(table.checkoutId),
    index('donations_receipt_due_idx')
      .on(table.id)
      .where(sql`${table.receiptDue}`),
  ],
);

/** Every provider event acted on, by its id: a second delivery finds it and does nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refunds by payment intent, kept even when the refund arrives before its payment. */
export const paymentRefunds = pgTable('payment_refunds', {
  paymentRef: text('payment_ref').primaryKey(),
  amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull(),
});

/** Monthly plans: which checkout a subscription came from, and whether it was cancelled. */
export const donationSubscriptions = pgTable('donation_subscriptions', {
  id: text('id').primaryKey(),
  checkoutId: text('checkout_id')
    .notNull()
    .references(() => donationCheckouts.id),
  /** When the provider reported the plan ended (its `customer.subscription.deleted`). */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** When the donor asked to stop it and the provider accepted; ended once it reports so. */
  stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
});
