import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  donationIntervalLabels,
  donationLimits,
  formatMoney,
  type adminDonationsExportQuery,
  type adminDonationsQuery,
  type AdminDonation,
  type Campaign,
  type CampaignSettings,
  type CheckoutRequest,
  type DonationCurrency,
  type DonationsPage,
  type DonationStatusAnswer,
} from '../../../shared/donations.js';
import {
  failedPrecondition,
  invalidArgument,
  notFound,
  unavailable,
} from '../../../shared/errors.js';
import { recordAudit } from '../../core/audit.js';
import { escapeHtml } from '../../core/escape-html.js';
import { cursorRowId, cursorTimestamp, decodeCursor, encodeCursor } from '../../core/cursor.js';
import type { Viewer } from '../../core/viewer.js';
import type { Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { SignatureError, type Payments } from '../../platform/payments/payments.js';
import { factsOf, handledEventTypes, MalformedEvent, readEvent } from './payment-events.js';
import { demoEvents } from './demo-events.js';
import { monthlyGiftLink, monthlyGiftPath } from './monthly-gifts.js';
import { presentAdminDonation } from './presenter.js';
import * as repo from './repo.js';

export interface DonationServiceOptions {
  db: Db;
  payments: Payments;
  mailer: Mailer;
  currency: DonationCurrency;
  siteName: string;
  publicUrl: URL;
  /** Signs the links of receipts (stopping a monthly gift). */
  authSecret: string;
  /** Posts a signed event to the webhook endpoint (the demo checkout's Pay). */
  deliver: (payload: string, signature: string) => Promise<void>;
  log: {
    error(object: unknown, message: string): void;
    warn(object: unknown, message: string): void;
  };
}

/** The browser's donor cookie, hashed as the checkout keeps it. */
export const hashBrowserToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newBrowserToken = () => randomBytes(24).toString('base64url');

const cursorSchema = z.tuple([cursorTimestamp, cursorRowId]);
const dayMs = 86_400_000;

function daysLeft(endsAt: string | null, now: Date): number | null {
  if (endsAt === null) return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.round((Date.parse(`${endsAt}T00:00:00Z`) - today) / dayMs));
}

/** A CSV field, quoted; a leading = + - @ is defused so a spreadsheet never runs it. */
function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A refusal of one body field, in the shape request validation uses. */
const fieldError = (field: string, message: string) =>
  invalidArgument(message, { issues: [{ in: 'body', path: `/${field}`, message }] });

const major = (minor: number) => (minor / 100).toFixed(2);

export function createDonationService(options: DonationServiceOptions) {
  const { db, payments, mailer, currency } = options;

  /** The checkout of a session, if this browser (or signed-in member) started it. */
  async function ownCheckout(viewer: Viewer | null, sessionId: string, browserHash: string | null) {
    const checkout = await repo.checkoutBySession(db, sessionId);
    const mine =
      checkout !== null &&
      ((browserHash !== null && checkout.browser_hash === browserHash) ||
        (viewer !== null && checkout.user_id === viewer.id));
    if (!mine) throw notFound('Donation');
    return checkout;
  }

  async function campaign(now = new Date()): Promise<Campaign | null> {
    const settings = await repo.readCampaign(db);
    if (!settings) return null;
    const progress = await repo.campaignProgress(db, settings, currency);
    return {
      title: settings.title,
      text: settings.text,
      goal: settings.goal,
      ...progress,
      startsAt: settings.startsAt,
      endsAt: settings.endsAt,
      daysLeft: daysLeft(settings.endsAt, now),
    };
  }

  /**
   * A receipt names the money in the currency paid, with its code ("€20 EUR"): a symbol alone
   * ($) is several currencies'. A monthly gift's receipt links to stopping it.
   */
  async function sendReceipt(receipt: repo.DueReceipt) {
    const amount = formatMoney(receipt.amount, receipt.currency);
    const paid = `${amount} ${receipt.currency.toUpperCase()}`;
    const often = donationIntervalLabels[receipt.interval].toLowerCase();
    const date = new Date(receipt.paid_at).toUTCString().slice(0, 16);
    const kind = receipt.interval === 'monthly' ? 'monthly donation' : 'donation';
    const page = new URL('/donations', options.publicUrl).toString();
    const stop =
      receipt.interval === 'monthly' && receipt.subscription_id
        ? monthlyGiftLink(options.publicUrl, options.authSecret, receipt.subscription_id)
        : null;
    await mailer.send({
      to: receipt.email,
      subject: `Your ${amount} ${kind} to ${options.siteName}: receipt`,
      text:
        `Thank you for supporting ${options.siteName}.\n\n` +
        `Amount: ${paid} (${often})\n` +
        `Date: ${date}\nReference: donation #${receipt.id}\n\n` +
        `See the community's campaign: ${page}\n` +
        (stop ? `Stop this monthly gift at any time: ${stop}\n` : ''),
      html:
        `<p>Thank you for supporting ${escapeHtml(options.siteName)}.</p>` +
        `<table><tr><td>Amount</td><td>${escapeHtml(paid)} (${often})</td></tr>` +
        `<tr><td>Date</td><td>${escapeHtml(date)}</td></tr>` +
        `<tr><td>Reference</td><td>donation #${receipt.id}</td></tr></table>` +
        `<p><a href="${escapeHtml(page)}">See the community's campaign</a></p>` +
        (stop
          ? `<p><a href="${escapeHtml(stop)}">Stop this monthly gift</a> at any time.</p>`
          : ''),
    });
  }

  /** Sends every owed receipt; a failed send is owed again and logged. */
  async function sendReceipts(): Promise<number> {
    let sent = 0;
    for (
      let receipt = await repo.claimReceipt(db);
      receipt;
      receipt = await repo.claimReceipt(db)
    ) {
      try {
        await sendReceipt(receipt);
      } catch (error) {
        await repo.settleReceipt(db, receipt.id, 'failed');
        options.log.error({ err: error, donation: receipt.id }, 'donation receipt not sent');
        break;
      }
      await repo.settleReceipt(db, receipt.id, 'sent');
      sent += 1;
    }
    return sent;
  }

  return {
    sendReceipts,

    async page(): Promise<DonationsPage> {
      const [current, recent] = await Promise.all([
        campaign(),
        repo.wall(db, donationLimits.wallSize),
      ]);
      return { currency, testMode: payments.kind === 'demo', campaign: current, wall: recent };
    },

    async checkout(
      viewer: Viewer | null,
      body: CheckoutRequest,
      browserHash: string,
    ): Promise<{ url: string }> {
      if (body.currency !== undefined && body.currency !== currency) {
        throw fieldError('currency', `Donations are taken in ${currency.toUpperCase()}`);
      }
      const name = viewer ? viewer.name : body.name;
      if (body.showName && name === '') {
        throw fieldError('name', 'Give the name to show on the wall, or appear as Anonymous');
      }
      const checkoutId = randomUUID();
      await repo.insertCheckout(db, {
        id: checkoutId,
        browserHash,
        userId: viewer?.id ?? null,
        amount: body.amount,
        currency,
        interval: body.interval,
        message: body.message,
        publicName: body.showName ? name : null,
      });
      const base = options.publicUrl.origin;
      let session: { sessionId: string; url: string };
      try {
        session = await payments.createCheckout({
          checkoutId,
          amount: body.amount,
          currency,
          interval: body.interval,
          email: viewer?.email ?? null,
          description: `Donation to ${options.siteName}`,
          successUrl: `${base}/donate/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${base}/donations`,
        });
      } catch (error) {
        options.log.error({ err: error }, 'checkout session not created');
        throw unavailable(
          'The payment provider could not be reached; nothing was charged. Please try again in a moment.',
        );
      }
      await repo.setCheckoutSession(db, checkoutId, session.sessionId);
      return { url: session.url };
    },

    async status(
      viewer: Viewer | null,
      sessionId: string,
      browserHash: string | null,
    ): Promise<DonationStatusAnswer> {
      const checkout = await ownCheckout(viewer, sessionId, browserHash);
      const donation = await repo.checkoutDonation(db, checkout.id);
      const state = !donation
        ? checkout.state === 'cancelled'
          ? 'cancelled'
          : 'confirming'
        : donation.status === 'paid'
          ? 'received'
          : donation.status === 'pending'
            ? 'confirming'
            : donation.status;
      const received = state === 'received' && donation?.paid_at ? donation : null;
      return {
        state,
        amount: donation?.amount ?? checkout.amount,
        // The currency paid in, which the provider may have changed from the one asked.
        currency: donation?.currency ?? checkout.currency,
        interval: checkout.interval,
        receivedAt: received?.paid_at ? new Date(received.paid_at).toISOString() : null,
        receipt: received
          ? {
              reference: `donation #${received.id}`,
              emailed: received.email !== null,
              stopPath: received.subscription_id
                ? monthlyGiftPath(options.authSecret, received.subscription_id)
                : null,
            }
          : null,
      };
    },

    async demoCheckout(viewer: Viewer | null, sessionId: string, browserHash: string | null) {
      if (payments.kind !== 'demo') throw notFound('Checkout');
      const checkout = await ownCheckout(viewer, sessionId, browserHash);
      return {
        sessionId,
        amount: checkout.amount,
        currency: checkout.currency,
        interval: checkout.interval,
        receiptTo: checkout.email,
        state: checkout.state,
      };
    },

    /**
     * The demo's Pay: the checkout closes (once), then the events Stripe would send go through
     * the webhook endpoint, signed, and are handled by the same code as Stripe's. The receipt
     * goes only to the verified address of the member who started the checkout: an address
     * typed in could be anyone's, and the site would mail them. Without one it shows on the
     * thank-you page.
     */
    async demoPay(
      viewer: Viewer | null,
      sessionId: string,
      browserHash: string | null,
    ): Promise<{ url: string }> {
      if (payments.kind !== 'demo' || !payments.signEvent) throw notFound('Checkout');
      const checkout = await ownCheckout(viewer, sessionId, browserHash);
      if (!(await repo.closeCheckout(db, checkout.id, 'paid'))) {
        throw failedPrecondition(
          checkout.state === 'cancelled'
            ? 'This checkout was cancelled'
            : 'This checkout is already paid',
        );
      }
      const events = await demoEvents({ ...checkout, session_id: sessionId }, checkout.email);
      for (const event of events) {
        const payload = JSON.stringify(event);
        await options.deliver(payload, await payments.signEvent(payload));
      }
      return { url: `/donate/success?session_id=${encodeURIComponent(sessionId)}` };
    },

    async demoCancel(viewer: Viewer | null, sessionId: string, browserHash: string | null) {
      if (payments.kind !== 'demo') throw notFound('Checkout');
      const checkout = await ownCheckout(viewer, sessionId, browserHash);
      if (!(await repo.closeCheckout(db, checkout.id, 'cancelled')) && checkout.state === 'paid') {
        throw failedPrecondition('This checkout is already paid');
      }
      return { url: '/donations' };
    },

    /**
     * A provider event: verified against the raw bytes, then stored with its effects in one
     * transaction (a duplicate is acknowledged and does nothing), then receipts go out.
     */
    async receive(rawBody: Buffer, signature: string | undefined) {
      let verified;
      try {
        verified = await payments.verifyEvent(rawBody, signature);
      } catch (error) {
        if (error instanceof SignatureError) {
          throw invalidArgument(`Webhook signature refused: ${error.message}`);
        }
        throw error;
      }
      let event, read;
      try {
        event = readEvent(verified);
        const handled = (handledEventTypes as readonly string[]).includes(event.type);
        if (!handled) return { received: true as const, handled: false, duplicate: false };
        read = await factsOf(event, payments);
      } catch (error) {
        if (!(error instanceof MalformedEvent)) throw error;
        // Unreadable, though signed: nothing is stored, and the provider's retries give a
        // fixed release the chance to apply it (decision 041).
        options.log.error(
          { event: verified.id, type: verified.type, issues: error.issues },
          'payment event refused: it could not be read',
        );
        throw invalidArgument(`Payment event refused: ${error.message}`, {
          issues: error.issues.map((issue) => ({ in: 'body', ...issue })),
        });
      }
      for (const refusal of read.refusals) {
        options.log.warn(
          { event: event.id, type: event.type },
          `payment event refused: ${refusal}`,
        );
      }
      // Everything it said was refused by a rule: acknowledged, nothing stored (a retry would
      // be refused again).
      if (read.facts.length === 0 && read.refusals.length > 0) {
        return { received: true as const, handled: false, duplicate: false };
      }
      const { duplicate, capped } = await repo.applyEvent(db, event, read.facts);
      for (const refund of capped) {
        options.log.warn(
          { event: event.id, payment: refund.paymentRef, ...refund },
          'refund larger than its payment: kept at the payment',
        );
      }
      if (!duplicate) await sendReceipts();
      return { received: true as const, handled: !duplicate, duplicate };
    },

    // Administration.

    async list(query: z.output<typeof adminDonationsQuery>) {
      const after = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
      const rows = await repo.adminDonations(db, query, {
        after: after ? { at: after[0], id: after[1] } : null,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentAdminDonation),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor([last.cursor_at, Number(last.id)])
            : null,
        totals: await repo.adminTotals(db, query, currency),
      };
    },

    async exportCsv(query: z.output<typeof adminDonationsExportQuery>): Promise<string> {
      const header = [
        'id',
        'created_at',
        'paid_at',
        'status',
        'interval',
        'amount',
        'refunded',
        'currency',
        'name',
        'email',
        'member',
        'message',
        'message_hidden',
        'reference',
      ];
      const lines = [header.join(',')];
      let after: { at: string; id: number } | null = null;
      for (;;) {
        const rows = await repo.adminDonations(db, query, { after, limit: 1000 });
        for (const row of rows) {
          const item: AdminDonation = presentAdminDonation(row);
          lines.push(
            [
              item.id,
              item.createdAt,
              item.paidAt,
              item.status,
              item.interval,
              major(item.amount),
              major(item.amountRefunded),
              item.currency.toUpperCase(),
              item.name,
              item.email,
              item.member?.username ?? null,
              item.message,
              item.messageHidden,
              item.reference,
            ]
              .map(csvField)
              .join(','),
          );
        }
        const last = rows.at(-1);
        if (!last || rows.length < 1000) break;
        after = { at: last.cursor_at, id: Number(last.id) };
      }
      return lines.join('\r\n') + '\r\n';
    },

    async months() {
      return { currency, months: await repo.monthlyTotals(db, currency) };
    },

    async moderateMessage(viewer: Viewer, id: number, hidden: boolean, reason: string) {
      await db.transaction(async (tx) => {
        const target = await repo.setMessageHidden(tx, id, hidden ? { by: viewer.id } : null);
        if (!target) throw notFound('Donation');
        await recordAudit(tx, {
          actor: { id: viewer.id },
          action: hidden ? 'donation-message.hide' : 'donation-message.restore',
          target: { type: 'donation', id, label: target.message.slice(0, 80) },
          reason: reason || null,
        });
      });
      const row = await repo.adminDonation(db, id);
      if (!row) throw notFound('Donation');
      return { donation: presentAdminDonation(row) };
    },

    async readCampaign() {
      return { campaign: await repo.readCampaign(db) };
    },

    async writeCampaign(viewer: Viewer, settings: CampaignSettings) {
      const before = await repo.readCampaign(db);
      await db.transaction(async (tx) => {
        await repo.writeCampaign(tx, settings);
        await recordAudit(tx, {
          actor: { id: viewer.id },
          action: 'campaign.update',
          target: { type: 'campaign', id: 'current', label: settings.title },
          before,
          after: settings,
        });
      });
      return { campaign: settings };
    },
  };
}

export type DonationService = ReturnType<typeof createDonationService>;
