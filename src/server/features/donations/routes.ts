import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDonationsExportQuery,
  adminDonationsQuery,
  adminDonationsResponse,
  campaignSettingsResponse,
  campaignSettingsSchema,
  checkoutBodyFor,
  checkoutResponse,
  demoCheckoutParams,
  demoCheckoutResponse,
  demoPayBody,
  donationIdParams,
  donationsPageResponse,
  donationStatusQuery,
  donationStatusResponse,
  moderateMessageBody,
  monthlyGiftLinkQuery,
  monthlyGiftParams,
  monthlyGiftResponse,
  monthlyGiftsResponse,
  monthlyTotalsResponse,
  redirectResponse,
  webhookResponse,
  adminDonationSchema,
} from '../../../shared/donations.js';
import { internal } from '../../../shared/errors.js';
import { viewerOf } from '../../core/access.js';
import { memberLimit, perMinute, type RouteLimit } from '../../core/route-limits.js';
import { errorResponses, noQuery } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Payments } from '../../platform/payments/payments.js';
import { createMonthlyGiftService } from './monthly-gifts.js';
import { createDonationService, hashBrowserToken, newBrowserToken } from './service.js';
import type { DonationCurrency } from '../../../shared/donations.js';

const tags = ['donations'];
/** The browser's donor cookie: only the browser that started a checkout may read it back. */
const DONOR_COOKIE = 'vp_donor';

/** A gift, a stopped gift or the campaign changes the donations and donors' profiles (a supporter's badge). */
const donationAreas = ['donations', 'users'] as const;
export const WEBHOOK_PATH = '/api/payments/webhook';

const checkoutLimit: RouteLimit = {
  name: 'donation-checkout',
  doing: 'starting donations',
  account: perMinute(10),
  ip: perMinute(30),
};
const webhookLimit: RouteLimit = {
  name: 'payment-webhook',
  doing: 'sending payment events',
  ip: perMinute(1_200),
};
const adminLimit = memberLimit('donations-admin', 'changing donations', perMinute(60));
const stopGiftLimit = memberLimit('monthly-gift-stop', 'stopping monthly gifts', perMinute(10));
const stopGiftLinkLimit: RouteLimit = {
  name: 'monthly-gift-link',
  doing: 'stopping monthly gifts',
  ip: perMinute(30),
};
const admin = { access: { permission: 'donations.view' } } as const;

export interface DonationRoutesOptions {
  db: Db;
  payments: Payments;
  mailer: Mailer;
  currency: DonationCurrency;
  siteName: string;
  publicUrl: URL;
  authSecret: string;
}

/**
 * Donations: the page's data, checkout, the success page's status, the demo checkout, the
 * provider's webhook and the admin's list, totals, export, message moderation and campaign.
 */
export function registerDonations(app: FastifyInstance, options: DonationRoutesOptions) {
  const secure = options.publicUrl.protocol === 'https:';
  /** The demo's events reach the webhook route as Stripe's would: signed, over HTTP. */
  async function deliver(payload: string, signature: string) {
    const answer = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    if (answer.statusCode !== 200) {
      app.log.error({ status: answer.statusCode, body: answer.body }, 'demo event refused');
      throw internal();
    }
  }
  const service = createDonationService({ ...options, log: app.log, deliver });
  const gifts = createMonthlyGiftService({ ...options, log: app.log, deliver });
  const checkoutBody = checkoutBodyFor(options.currency);

  /** The hash of this browser's donor cookie, or null when it has none (or a forged one). */
  const browserHash = (request: FastifyRequest): string | null => {
    const raw = request.cookies[DONOR_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? hashBrowserToken(unsigned.value) : null;
  };
  /** The browser's donor cookie, given one when it has none. */
  const ensureBrowser = (request: FastifyRequest, reply: FastifyReply): string => {
    const known = browserHash(request);
    if (known) return known;
    const token = newBrowserToken();
    void reply.setCookie(DONOR_COOKIE, token, {
      path: '/api/donations',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      maxAge: 365 * 24 * 60 * 60,
    });
    return hashBrowserToken(token);
  };

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/donations',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The current campaign with what it has raised, and the donor wall',
        querystring: noQuery,
        response: { 200: donationsPageResponse },
      },
    },
    () => service.page(),
  );

  api.post(
    '/api/donations/checkout',
    {
      config: {
        access: 'public',
        limit: checkoutLimit,
        stales: [],
        // A public message is published like a reply: a muted member may give, not speak.
        publishes: (body) => checkoutBody.safeParse(body).data?.message !== '',
      },
      schema: {
        tags,
        summary: 'Start a donation: answers the checkout page to send the donor to',
        description:
          'Anyone may give; a signed-in donor is linked to their profile. `amount` is in ' +
          'cents (100 to 1,000,000: 1 to 10,000 in the site currency). Sets an httpOnly ' +
          'cookie that lets this browser read the donation back on the success page.',
        querystring: noQuery,
        body: checkoutBody,
        response: { 200: checkoutResponse, ...errorResponses(400, 403, 429, 503) },
      },
    },
    (request, reply) =>
      service.checkout(request.viewer, request.body, ensureBrowser(request, reply)),
  );

  api.get(
    '/api/donations/status',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The donation a checkout led to, for the success page',
        description:
          'Only for the browser that started the checkout (its donor cookie) or the member ' +
          'who did; any other session id answers not-found.',
        querystring: donationStatusQuery,
        response: { 200: donationStatusResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => service.status(request.viewer, request.query.session_id, browserHash(request)),
  );

  api.get(
    '/api/donations/demo/:sessionId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A demo checkout (test mode: no money moves)',
        querystring: noQuery,
        params: demoCheckoutParams,
        response: { 200: demoCheckoutResponse, ...errorResponses(400, 404) },
      },
    },
    (request) =>
      service.demoCheckout(request.viewer, request.params.sessionId, browserHash(request)),
  );

  api.post(
    '/api/donations/demo/:sessionId/pay',
    {
      config: { stales: donationAreas, access: 'public', limit: checkoutLimit },
      schema: {
        tags,
        summary: 'Pay a demo checkout: its events go through the webhook like Stripe’s',
        description:
          'The receipt goes to the verified address of the member who started the checkout; ' +
          'a visitor’s (or an unverified member’s) shows on the success page instead. No ' +
          'address is taken: anyone could type anyone’s.',
        querystring: noQuery,
        params: demoCheckoutParams,
        body: demoPayBody,
        response: { 200: redirectResponse, ...errorResponses(400, 404, 412, 429) },
      },
    },
    (request) => service.demoPay(request.viewer, request.params.sessionId, browserHash(request)),
  );

  api.post(
    '/api/donations/demo/:sessionId/cancel',
    {
      config: { stales: [], access: 'public', limit: checkoutLimit },
      schema: {
        tags,
        summary: 'Cancel a demo checkout',
        querystring: noQuery,
        params: demoCheckoutParams,
        response: { 200: redirectResponse, ...errorResponses(400, 404, 412, 429) },
      },
    },
    (request) => service.demoCancel(request.viewer, request.params.sessionId, browserHash(request)),
  );

  api.get(
    '/api/donations/monthly',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your monthly gifts, the newest first: active, stopping or ended',
        querystring: noQuery,
        response: { 200: monthlyGiftsResponse, ...errorResponses(401) },
      },
    },
    (request) => gifts.mine(viewerOf(request)),
  );

  api.post(
    '/api/donations/monthly/:id/stop',
    {
      config: { stales: donationAreas, access: 'signed-in', limit: stopGiftLimit },
      schema: {
        tags,
        summary: 'Stop one of your monthly gifts',
        description:
          'The payment provider is asked to end the plan; it is `ended` once the provider ' +
          'reports it (the webhook’s customer.subscription.deleted), `stopping` until then. ' +
          'Safe to repeat. Another member’s gift answers not-found.',
        querystring: noQuery,
        params: monthlyGiftParams,
        response: { 200: monthlyGiftResponse, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    (request) => gifts.stopMine(viewerOf(request), request.params.id),
  );

  api.get(
    '/api/donations/monthly/link',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The monthly gift a receipt’s stop link names',
        querystring: monthlyGiftLinkQuery,
        response: { 200: monthlyGiftResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => gifts.describeLink(request.query.token),
  );

  api.post(
    '/api/donations/monthly/link/stop',
    {
      config: { stales: donationAreas, access: 'public', limit: stopGiftLinkLimit },
      schema: {
        tags,
        summary: 'Stop the monthly gift a receipt’s link names, signed in or not',
        description: 'The link’s signed token is the authority; as the member’s own stop.',
        querystring: monthlyGiftLinkQuery,
        response: { 200: monthlyGiftResponse, ...errorResponses(400, 404, 429, 503) },
      },
    },
    (request) => gifts.stopByLink(request.query.token),
  );

  // The webhook reads its body as raw bytes (the signature covers them exactly), in a scope of
  // its own so that no other route loses JSON parsing.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      WEBHOOK_PATH,
      {
        config: { stales: donationAreas, access: 'public', limit: webhookLimit, csrfExempt: true },
        schema: {
          tags,
          summary: 'Payment provider events (Stripe webhooks; the demo checkout uses it too)',
          description:
            'The body is checked against the `Stripe-Signature` header over its raw bytes, ' +
            'with a five-minute timestamp tolerance. Each event is stored by id in the same ' +
            'transaction as its effect: a second delivery is acknowledged and does nothing. ' +
            'Handled: checkout.session.completed, checkout.session.async_payment_succeeded, ' +
            'checkout.session.async_payment_failed, invoice.paid, ' +
            'customer.subscription.deleted, charge.refunded; others are acknowledged, as are ' +
            'objects that are not ours (no checkout id of ours). A signed event that cannot be ' +
            'read (a field missing or of the wrong type, an amount beyond 64 bits, a currency ' +
            'the site does not keep) answers invalid-argument and stores nothing, so the ' +
            'provider retries it; one refused by a rule (a payment of 0) is acknowledged with ' +
            '`handled: false` and stores nothing. A refund larger than its payment is kept at ' +
            'the payment.',
          querystring: noQuery,
          headers: z.object({ 'stripe-signature': z.string().max(2_000).optional() }),
          response: { 200: webhookResponse, ...errorResponses(400, 429) },
        },
      },
      (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return service.receive(body, request.headers['stripe-signature']);
      },
    );
    done();
  });

  api.get(
    '/api/admin/donations',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Donations, newest first, with totals for the filters',
        querystring: adminDonationsQuery,
        response: { 200: adminDonationsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.query),
  );

  api.get(
    '/api/admin/donations/export.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The filtered donations as CSV (amounts in the currency, two decimals)',
        querystring: adminDonationsExportQuery,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await service.exportCsv(request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="donations-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/admin/donations/months',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Money received per month (UTC), net of refunds, the last two years',
        querystring: noQuery,
        response: { 200: monthlyTotalsResponse, ...errorResponses(401, 403) },
      },
    },
    () => service.months(),
  );

  api.patch(
    '/api/admin/donations/:id/message',
    {
      config: { stales: donationAreas, ...admin, limit: adminLimit },
      schema: {
        tags,
        summary: 'Hide or show a donor’s public message (every payment of a monthly plan)',
        querystring: noQuery,
        params: donationIdParams,
        body: moderateMessageBody,
        response: {
          200: z.object({ donation: adminDonationSchema }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    (request) =>
      service.moderateMessage(
        viewerOf(request),
        request.params.id,
        request.body.hidden,
        request.body.reason,
      ),
  );

  api.get(
    '/api/admin/donations/campaign',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The campaign settings (null before the first)',
        querystring: noQuery,
        response: { 200: campaignSettingsResponse, ...errorResponses(401, 403) },
      },
    },
    () => service.readCampaign(),
  );

  api.put(
    '/api/admin/donations/campaign',
    {
      config: { stales: donationAreas, ...admin, limit: adminLimit },
      schema: {
        tags,
        summary: 'Set the campaign: title, why to give, goal (cents), start and end dates',
        querystring: noQuery,
        body: campaignSettingsSchema,
        response: { 200: campaignSettingsResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    (request) => service.writeCampaign(viewerOf(request), request.body),
  );

  return service;
}
