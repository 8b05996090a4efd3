import type { MonthlyGift } from '../../../shared/donations.js';
import { invalidArgument, notFound, unavailable } from '../../../shared/errors.js';
import { readSignedToken, signedToken } from '../../core/signed-token.js';
import type { Viewer } from '../../core/viewer.js';
import type { Db } from '../../platform/db/database.js';
import type { Payments } from '../../platform/payments/payments.js';
import { presentMonthlyGift } from './presenter.js';
import * as repo from './repo.js';

/** What a receipt's stop link is signed for: it opens nothing else. */
const tokenPurpose = 'stop-monthly-gift';

/**
 * The page a monthly gift's receipt links to, where its donor stops it signed in or not: the
 * link names the plan, signed with the site's secret, so nobody can make one for another's.
 */
export function monthlyGiftPath(secret: string, subscriptionId: string): string {
  const token = signedToken(secret, tokenPurpose, subscriptionId);
  return `/donate/stop?token=${encodeURIComponent(token)}`;
}

export function monthlyGiftLink(publicUrl: URL, secret: string, subscriptionId: string): string {
  return new URL(monthlyGiftPath(secret, subscriptionId), publicUrl).toString();
}

export interface MonthlyGiftServiceOptions {
  db: Db;
  payments: Payments;
  authSecret: string;
  /** Posts a signed event to the webhook endpoint (the demo's end of a plan). */
  deliver: (payload: string, signature: string) => Promise<void>;
  log: { error(object: unknown, message: string): void };
}

/**
 * A donor's monthly gifts: listed on their account, and stopped from there or from the link of
 * a receipt. Stopping asks the provider to end the plan; the plan is recorded as ended by the
 * provider's own `customer.subscription.deleted` event, through the webhook like every payment
 * fact (decision 042). It is the donor's own choice, not moderation: it is not audited.
 */
export function createMonthlyGiftService(options: MonthlyGiftServiceOptions) {
  const { db, payments } = options;

  function fromLink(token: string): string {
    const subscriptionId = readSignedToken(options.authSecret, tokenPurpose, token);
    if (subscriptionId === null) {
      throw invalidArgument(
        'This link to stop a monthly gift is not valid; stop it from your account page, or ask the site’s admins.',
      );
    }
    return subscriptionId;
  }

  async function read(subscriptionId: string): Promise<repo.MonthlyGiftRow> {
    const row = await repo.monthlyGift(db, subscriptionId);
    if (!row) throw notFound('Monthly gift');
    return row;
  }

  /**
   * Asks the provider to end the plan, then answers it as it stands: ended at once with the
   * demo (its event is applied before the answer), stopping until Stripe's event arrives.
   * Again on a plan that is stopping asks again (safe: an ended plan is ended); on an ended
   * one it does nothing.
   */
  async function stop(row: repo.MonthlyGiftRow): Promise<{ gift: MonthlyGift }> {
    if (row.cancelled_at === null) {
      let events;
      try {
        events = await payments.cancelSubscription({
          subscriptionId: row.id,
          checkoutId: row.checkout_id,
        });
      } catch (error) {
        options.log.error({ err: error, plan: row.id }, 'monthly gift not stopped');
        throw unavailable(
          'The payment provider could not be reached, so the monthly gift goes on. Please try again in a moment.',
        );
      }
      await repo.markStopRequested(db, row.id);
      for (const event of events) await options.deliver(event.payload, event.signature);
    }
    return { gift: presentMonthlyGift(await read(row.id)) };
  }

  return {
    async mine(viewer: Viewer): Promise<{ gifts: MonthlyGift[] }> {
      const rows = await repo.memberMonthlyGifts(db, viewer.id);
      return { gifts: rows.map(presentMonthlyGift) };
    },

    /** A member stops a plan they started; anyone else's is not-found. */
    async stopMine(viewer: Viewer, subscriptionId: string) {
      const row = await repo.monthlyGift(db, subscriptionId);
      if (!row || row.user_id !== viewer.id) throw notFound('Monthly gift');
      return stop(row);
    },

    /** What a receipt's link would stop (the page asks before acting: mail scanners open links). */
    async describeLink(token: string): Promise<{ gift: MonthlyGift }> {
      return { gift: presentMonthlyGift(await read(fromLink(token))) };
    },

    async stopByLink(token: string) {
      return stop(await read(fromLink(token)));
    },
  };
}

export type MonthlyGiftService = ReturnType<typeof createMonthlyGiftService>;
