import { alphanumeric, stripeId } from './stripe-events.js';

/**
 * Stripe's objects as its webhook events carry them (API 2026-10-28), whole: a checkout
 * session completed, an invoice paid, a charge refunded, a subscription deleted. Wrap one in
 * `stripeEvent` (stripe-events.ts) to deliver it.
 */

/** The test app's address (its PUBLIC_URL), where Stripe sends the donor back. */
const siteUrl = 'http://viewpoint.test';
const day = 86_400;

/** Who pays through a checkout the site opened, and that checkout. */
export interface Payer {
  email: string;
  name: string;
  /** Our checkout id, which the site put in the session's metadata. */
  checkoutId: string;
  sessionId: string;
  /** In minor units. */
  amount: number;
}

/** The checkout session once the payer is through Stripe's page: paid, or a bank debit pending. */
export function completedSession(
  donor: Payer,
  options: {
    mode: 'payment' | 'subscription';
    paymentStatus: 'paid' | 'unpaid';
    created: number;
    paymentIntent?: string;
    subscription?: string;
    customer?: string;
    method?: 'card' | 'sepa_debit';
    metadata?: Record<string, string>;
  },
) {
  const subscription = options.mode === 'subscription';
  return {
    id: donor.sessionId,
    object: 'checkout.session',
    adaptive_pricing: { enabled: true },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: donor.amount,
    amount_total: donor.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: `${siteUrl}/donations`,
    client_reference_id: null,
    client_secret: null,
    collected_information: { business_name: null, individual_name: null, shipping_details: null },
    consent: null,
    consent_collection: null,
    created: options.created - 120,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: options.customer ?? null,
    customer_creation: subscription ? 'always' : 'if_required',
    customer_details: {
      address: {
        city: null,
        country: 'NL',
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      business_name: null,
      email: donor.email,
      individual_name: null,
      name: donor.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    customer_email: null,
    discounts: [],
    expires_at: options.created - 120 + day,
    invoice: null,
    invoice_creation: subscription
      ? null
      : {
          enabled: false,
          invoice_data: {
            account_tax_ids: null,
            custom_fields: null,
            description: null,
            footer: null,
            issuer: null,
            metadata: {},
            rendering_options: null,
          },
        },
    livemode: false,
    locale: null,
    metadata: options.metadata ?? { checkout_id: donor.checkoutId },
    mode: options.mode,
    origin_context: null,
    payment_intent: options.paymentIntent ?? null,
    payment_link: null,
    payment_method_collection: subscription ? 'always' : 'if_required',
    payment_method_configuration_details: { id: 'pmc_1QViewpointConfig', parent: null },
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: [options.method ?? 'card'],
    payment_status: options.paymentStatus,
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'complete',
    submit_type: subscription ? null : 'donate',
    subscription: options.subscription ?? null,
    success_url: `${siteUrl}/donate/success?session_id={CHECKOUT_SESSION_ID}`,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
    wallet_options: null,
  };
}

/** A monthly plan's invoice, paid; its payment is listed only when `paymentIntent` is given. */
export function paidInvoice(
  donor: Payer,
  options: {
    id: string;
    subscription: string;
    customer: string;
    paidAt: number;
    reason: 'subscription_create' | 'subscription_cycle';
    /** The invoice's payments, when the event carries them (otherwise Stripe is asked). */
    paymentIntent?: string;
    metadata?: Record<string, string>;
  },
) {
  const periodStart = options.paidAt - 60;
  const line = {
    id: stripeId('il_1Q'),
    object: 'line_item',
    amount: donor.amount,
    currency: 'usd',
    description: '1 × Donation to Viewpoint (at $5.00 / month)',
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: options.id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: options.subscription,
        subscription_item: stripeId('si'),
      },
      type: 'subscription_item_details',
    },
    period: { end: periodStart + 30 * day, start: periodStart },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: stripeId('price_1Q'), product: stripeId('prod') },
      type: 'price_details',
      unit_amount_decimal: String(donor.amount),
    },
    quantity: 1,
    taxes: [],
  };
  return {
    id: options.id,
    object: 'invoice',
    account_country: 'NL',
    account_name: 'Viewpoint',
    account_tax_ids: null,
    amount_due: donor.amount,
    amount_overpaid: 0,
    amount_paid: donor.amount,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: options.reason,
    collection_method: 'charge_automatically',
    created: periodStart,
    currency: 'usd',
    custom_fields: null,
    customer: options.customer,
    customer_account: null,
    customer_address: null,
    customer_email: donor.email,
    customer_name: donor.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: periodStart,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_1QViewpoint/test_${alphanumeric(40)}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_1QViewpoint/test_${alphanumeric(40)}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: [line],
      has_more: false,
      total_count: 1,
      url: `/v1/invoices/${options.id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `VP${alphanumeric(6).toUpperCase()}-0001`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: options.metadata ?? { checkout_id: donor.checkoutId },
        subscription: options.subscription,
      },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    ...(options.paymentIntent
      ? {
          payments: {
            object: 'list',
            data: [
              {
                id: stripeId('inpay'),
                object: 'invoice_payment',
                amount_paid: donor.amount,
                amount_requested: donor.amount,
                created: options.paidAt,
                currency: 'usd',
                invoice: options.id,
                is_default: true,
                livemode: false,
                payment: { payment_intent: options.paymentIntent, type: 'payment_intent' },
                status: 'paid',
                status_transitions: { canceled_at: null, paid_at: options.paidAt },
              },
            ],
            has_more: false,
            url: '/v1/invoice_payments',
          },
        }
      : {}),
    period_end: periodStart,
    period_start: periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'paid',
    status_transitions: {
      finalized_at: periodStart,
      marked_uncollectible_at: null,
      paid_at: options.paidAt,
      voided_at: null,
    },
    subtotal: donor.amount,
    subtotal_excluding_tax: donor.amount,
    test_clock: null,
    total: donor.amount,
    total_discount_amounts: [],
    total_excluding_tax: donor.amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: options.paidAt,
  };
}

/** The charge of a payment intent, refunded in full. */
export function refundedCharge(options: {
  paymentIntent: string;
  amount: number;
  created: number;
  email: string;
}) {
  return {
    id: stripeId('ch_3Q'),
    object: 'charge',
    amount: options.amount,
    amount_captured: options.amount,
    amount_refunded: options.amount,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: stripeId('txn_3Q'),
    billing_details: {
      address: {
        city: null,
        country: 'NL',
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: options.email,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'VIEWPOINT',
    captured: true,
    created: options.created,
    currency: 'usd',
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 12,
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: options.paymentIntent,
    payment_method: stripeId('pm_1Q'),
    payment_method_details: {
      card: {
        brand: 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        last4: '4242',
        network: 'visa',
      },
      type: 'card',
    },
    receipt_email: options.email,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${alphanumeric(60)}`,
    refunded: true,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

/** A monthly plan, ended. */
export function deletedSubscription(options: {
  id: string;
  customer: string;
  amount: number;
  startedAt: number;
  cancelledAt: number;
  metadata: Record<string, string>;
}) {
  return {
    id: options.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: options.startedAt,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: options.cancelledAt,
    cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    collection_method: 'charge_automatically',
    created: options.startedAt,
    currency: 'usd',
    customer: options.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: stripeId('pm_1Q'),
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: options.cancelledAt,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          created: options.startedAt,
          current_period_end: options.cancelledAt,
          current_period_start: options.cancelledAt - 30 * day,
          discounts: [],
          metadata: {},
          price: {
            id: stripeId('price_1Q'),
            object: 'price',
            active: false,
            currency: 'usd',
            recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
            type: 'recurring',
            unit_amount: options.amount,
          },
          quantity: 1,
          subscription: options.id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${options.id}`,
    },
    latest_invoice: stripeId('in_1Q'),
    livemode: false,
    metadata: options.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: options.startedAt,
    status: 'canceled',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}
