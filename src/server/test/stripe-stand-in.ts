import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeApi } from '../platform/payments/payments.js';
import { stripeApiVersion, stripeId } from './stripe-events.js';

/** A request the site made of Stripe's API, as the stand-in received it. */
export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The checkout session answered, for POST /v1/checkout/sessions. */
  sessionId?: string;
}

export interface StripeStandIn {
  /** Where the site's Stripe client is to send its requests (`createTestApp`'s `stripeApi`). */
  api: StripeApi;
  /** Every request received, oldest first. */
  requests: readonly StandInRequest[];
  /** Lists `paymentIntent` as the payment of `invoice`, for GET /v1/invoice_payments. */
  addInvoicePayment(invoice: string, paymentIntent: string): void;
  /** While set, answers 500 to everything, as Stripe does when it is having trouble. */
  failing: boolean;
  close(): Promise<void>;
}

/** The checkout session Stripe answers on creation: open, with the page to send the donor to. */
function openedSession(form: URLSearchParams, id: string) {
  const created = Math.floor(Date.now() / 1000);
  const subscription = form.get('mode') === 'subscription';
  const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: true },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: form.get('cancel_url'),
    client_reference_id: null,
    client_secret: null,
    created,
    currency: form.get('line_items[0][price_data][currency]'),
    customer: null,
    customer_creation: subscription ? 'always' : 'if_required',
    customer_details: null,
    customer_email: form.get('customer_email'),
    discounts: [],
    expires_at: created + 86_400,
    invoice: null,
    livemode: false,
    locale: null,
    metadata: { checkout_id: form.get('metadata[checkout_id]') },
    mode: form.get('mode'),
    payment_intent: null,
    payment_link: null,
    payment_method_collection: subscription ? 'always' : 'if_required',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    submit_type: form.get('submit_type'),
    subscription: null,
    success_url: form.get('success_url'),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0VGBif`,
  };
}

/**
 * Stripe's API on 127.0.0.1, answering as Stripe does the requests the site makes: a checkout
 * session created, an invoice's payments listed, a subscription cancelled (a second time: Stripe
 * says it is missing). Anything else is answered 404, as Stripe answers an unknown address.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const invoicePayments = new Map<string, string>();
  const cancelledPlans = new Set<string>();
  const standIn = { failing: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://api.stripe.test');
      const received: StandInRequest = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        headers: request.headers,
      };
      requests.push(received);
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': stripeId('req', 14),
          'stripe-version': stripeApiVersion,
        });
        response.end(JSON.stringify(body));
      };
      if (standIn.failing) {
        answer(500, {
          error: { type: 'api_error', message: 'An unknown error occurred' },
        });
      } else if (received.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        received.sessionId = stripeId('cs_test_a1', 50);
        answer(200, openedSession(received.form, received.sessionId));
      } else if (received.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const invoice = url.searchParams.get('invoice') ?? '';
        const intent = invoicePayments.get(invoice);
        answer(200, {
          object: 'list',
          data: intent
            ? [
                {
                  id: stripeId('inpay'),
                  object: 'invoice_payment',
                  amount_paid: 500,
                  amount_requested: 500,
                  created: Math.floor(Date.now() / 1000),
                  currency: 'usd',
                  invoice,
                  is_default: true,
                  livemode: false,
                  payment: { type: 'payment_intent', payment_intent: intent },
                  status: 'paid',
                  status_transitions: { canceled_at: null, paid_at: Math.floor(Date.now() / 1000) },
                },
              ]
            : [],
          has_more: false,
          url: '/v1/invoice_payments',
        });
      } else if (received.method === 'DELETE' && url.pathname.startsWith('/v1/subscriptions/')) {
        const plan = decodeURIComponent(url.pathname.slice('/v1/subscriptions/'.length));
        if (cancelledPlans.has(plan)) {
          answer(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'id',
              message: `No such subscription: '${plan}'`,
            },
          });
        } else {
          cancelledPlans.add(plan);
          const at = Math.floor(Date.now() / 1000);
          answer(200, { id: plan, object: 'subscription', status: 'canceled', canceled_at: at });
        }
      } else {
        answer(404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${received.method}: ${url.pathname}).`,
          },
        });
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    addInvoicePayment(invoice, paymentIntent) {
      invoicePayments.set(invoice, paymentIntent);
    },
    get failing() {
      return standIn.failing;
    },
    set failing(value: boolean) {
      standIn.failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
