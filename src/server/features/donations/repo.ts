import { sql, type SQL } from 'drizzle-orm';
import { cursorTime } from '../../core/cursor.js';
import type {
  CampaignSettings,
  DonationCurrency,
  DonationInterval,
  DonationStatus,
  MoneyTotal,
  WallDonation,
} from '../../../shared/donations.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import type { PaymentFact } from './payment-events.js';
import { readSetting, writeSetting } from '../site/index.js';

/** Any fixed number: the advisory lock that applies payment events one at a time. */
const PAYMENT_EVENTS_LOCK = 7_151_001;

/**
 * The start of a calendar day (YYYY-MM-DD) in UTC, whatever the database's time zone: dates
 * here (filters, a campaign's days) are UTC days, like the monthly totals and days left.
 */
const utcDay = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;
const utcDayAfter = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;

/** Where the campaign lives among the site settings. */
export const campaignSettingKey = 'donations.campaign';

export interface CheckoutRow {
  id: string;
  session_id: string | null;
  browser_hash: string;
  user_id: string | null;
  amount: number;
  currency: DonationCurrency;
  interval: DonationInterval;
  state: 'open' | 'paid' | 'cancelled';
  /** The member's address, when a member started it and has verified it. */
  email: string | null;
}

export async function insertCheckout(
  db: Db,
  checkout: {
    id: string;
    browserHash: string;
    userId: string | null;
    amount: number;
    currency: DonationCurrency;
    interval: DonationInterval;
    message: string;
    publicName: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    insert into donation_checkouts
      (id, browser_hash, user_id, amount, currency, interval, message, public_name)
    values (${checkout.id}, ${checkout.browserHash}, ${checkout.userId}, ${checkout.amount},
            ${checkout.currency}, ${checkout.interval}, ${checkout.message}, ${checkout.publicName})`);
}

export async function setCheckoutSession(db: Db, id: string, sessionId: string): Promise<void> {
  await db.execute(sql`update donation_checkouts set session_id = ${sessionId} where id = ${id}`);
}

/** A checkout by its provider session, with the donor's email when they are a member. */
export async function checkoutBySession(db: Db, sessionId: string): Promise<CheckoutRow | null> {
  const [row] = await queryRows<CheckoutRow>(
    db,
    sql`
    select c.id, c.session_id, c.browser_hash, c.user_id, c.amount, c.currency, c.interval,
           c.state, case when u.email_verified then u.email end as email
    from donation_checkouts c left join users u on u.id = c.user_id
    where c.session_id = ${sessionId}`,
  );
  return row ? { ...row, amount: Number(row.amount) } : null;
}

/** Moves a demo checkout on from open; false when it had already moved (paid or cancelled). */
export async function closeCheckout(
  db: Db,
  id: string,
  state: 'paid' | 'cancelled',
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update donation_checkouts set state = ${state}
        where id = ${id} and state = 'open' returning id`,
  );
  return rows.length > 0;
}

export interface CheckoutDonation {
  id: number;
  status: DonationStatus;
  amount: number;
  currency: DonationCurrency;
  paid_at: string | null;
  email: string | null;
  subscription_id: string | null;
}

/** The donation a checkout led to: its one payment, or a monthly plan's first. */
export async function checkoutDonation(
  db: Db,
  checkoutId: string,
): Promise<CheckoutDonation | null> {
  const [row] = await queryRows<CheckoutDonation>(
    db,
    sql`
    select id, ${statusSql} as status, amount, currency, paid_at, email, subscription_id
    from donations where checkout_id = ${checkoutId}
    order by created_at, id limit 1`,
  );
  return row ? { ...row, id: Number(row.id), amount: Number(row.amount) } : null;
}

/** A donation's state, refunds included: refunded once the whole amount went back. */
const statusSql = sql.raw(
  `case when donations.amount_refunded >= donations.amount and donations.status = 'paid' then 'refunded' else donations.status end`,
);

/** Money that stays: received, net of refunds. */
const keptSql = sql.raw(
  `case when donations.status = 'paid' then donations.amount - least(donations.amount_refunded, donations.amount) else 0 end`,
);

/** A refund the provider reported larger than its payment: kept at the payment's amount. */
export interface CappedRefund {
  paymentRef: string;
  amount: number;
  reported: number;
}

/**
 * Applies one event in one transaction: its id is stored under a unique key together with its
 * effects, so a second delivery finds it and changes nothing. Events are applied one at a
 * time (an advisory lock), and each effect only moves a donation forward (pending, then failed
 * or paid; refunds only grow, never past the payment), so any order of the same events ends in
 * the same state. Answers the refunds that were capped at their payment.
 */
export async function applyEvent(
  db: Db,
  event: { id: string; type: string },
  facts: PaymentFact[],
): Promise<{ duplicate: boolean; capped: CappedRefund[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYMENT_EVENTS_LOCK})`);
    const stored = await queryRows<{ id: string }>(
      tx,
      sql`insert into payment_events (id, type) values (${event.id}, ${event.type})
          on conflict (id) do nothing returning id`,
    );
    if (stored.length === 0) return { duplicate: true, capped: [] };
    const capped: CappedRefund[] = [];
    for (const fact of facts) capped.push(...(await applyFact(tx, fact)));
    return { duplicate: false, capped };
  });
}

/** The refund kept of a payment's refunds: the largest reported, at most the payment. */
const refundedOf = (paymentRef: SQL) =>
  sql`coalesce((select amount_refunded from payment_refunds where payment_ref = ${paymentRef}), 0)`;

function cappedRefunds(
  rows: { payment_ref: string; amount: string; reported: string }[],
): CappedRefund[] {
  return rows
    .map((row) => ({
      paymentRef: row.payment_ref,
      amount: Number(row.amount),
      reported: Number(row.reported),
    }))
    .filter((row) => row.reported > row.amount);
}

async function applyFact(tx: Tx, fact: PaymentFact): Promise<CappedRefund[]> {
  switch (fact.kind) {
    case 'payment': {
      const rows = await queryRows<{ payment_ref: string; amount: string; reported: string }>(
        tx,
        sql`
        insert into donations
          (checkout_id, provider_ref, payment_ref, subscription_id, user_id, amount, currency,
           interval, status, amount_refunded, email, paid_at, created_at, receipt_due,
           message_hidden_at, message_hidden_by_id)
        select c.id, ${fact.providerRef}, ${fact.paymentRef}, ${fact.subscriptionId}, c.user_id,
               ${fact.amount}, ${fact.currency}, ${fact.interval}, ${fact.status},
               least(${fact.amount}, ${refundedOf(sql`${fact.paymentRef}`)}),
               ${fact.email}, ${fact.status === 'paid' ? fact.at : null}, ${fact.at},
               ${fact.status === 'paid'}, hidden.message_hidden_at, hidden.message_hidden_by_id
        from donation_checkouts c
        -- A monthly gift's message hidden before this renewal stays hidden (setMessageHidden).
        left join lateral (select message_hidden_at, message_hidden_by_id from donations
          where checkout_id = c.id and message_hidden_at is not null limit 1) hidden on true
        where c.id = ${fact.checkoutId}
        on conflict (provider_ref) do update set
          status = case
            when array_position(array['pending', 'failed', 'paid'], excluded.status)
               > array_position(array['pending', 'failed', 'paid'], donations.status)
            then excluded.status else donations.status end,
          payment_ref = coalesce(donations.payment_ref, excluded.payment_ref),
          subscription_id = coalesce(donations.subscription_id, excluded.subscription_id),
          email = coalesce(donations.email, excluded.email),
          amount_refunded = least(donations.amount, greatest(donations.amount_refunded,
            excluded.amount_refunded,
            ${refundedOf(sql`coalesce(donations.payment_ref, excluded.payment_ref)`)})),
          paid_at = least(donations.paid_at, excluded.paid_at),
          created_at = least(donations.created_at, excluded.created_at),
          receipt_due = donations.receipt_sent_at is null
            and (donations.status = 'paid' or excluded.status = 'paid')
        returning payment_ref, amount, ${refundedOf(sql`donations.payment_ref`)} as reported`,
      );
      return cappedRefunds(rows);
    }
    case 'plan':
      await tx.execute(sql`
        insert into donation_subscriptions (id, checkout_id, cancelled_at)
        select ${fact.subscriptionId}, c.id, ${fact.cancelledAt}
        from donation_checkouts c where c.id = ${fact.checkoutId}
        on conflict (id) do update
          set cancelled_at = least(donation_subscriptions.cancelled_at, excluded.cancelled_at)`);
      return [];
    case 'refund': {
      await tx.execute(sql`
        insert into payment_refunds (payment_ref, amount_refunded)
        values (${fact.paymentRef}, ${fact.amountRefunded})
        on conflict (payment_ref) do update
          set amount_refunded = greatest(payment_refunds.amount_refunded, excluded.amount_refunded)`);
      // Never more back than was paid: a larger figure is kept in payment_refunds as reported.
      const rows = await queryRows<{ payment_ref: string; amount: string; reported: string }>(
        tx,
        sql`
        update donations
        set amount_refunded = least(amount, greatest(amount_refunded, ${fact.amountRefunded}))
        where payment_ref = ${fact.paymentRef}
        returning payment_ref, amount, ${fact.amountRefunded}::bigint as reported`,
      );
      return cappedRefunds(rows);
    }
  }
}

export interface DueReceipt {
  id: number;
  email: string;
  amount: number;
  currency: DonationCurrency;
  interval: DonationInterval;
  paid_at: string;
  /** A monthly gift's plan: its receipt links to stopping it. */
  subscription_id: string | null;
}

/** How long a claimed receipt waits for its sender before another process sends it. */
const receiptLease = sql.raw(`interval '5 minutes'`);

/**
 * Claims one owed receipt for a while (so two processes never send the same one, and one that
 * died sending it leaves it to the next) and returns it; null when none is owed. A donation
 * without an address is marked done without a mail.
 */
export async function claimReceipt(db: Db): Promise<DueReceipt | null> {
  for (;;) {
    const [row] = await queryRows<DueReceipt & { email: string | null }>(
      db,
      sql`
      update donations set receipt_claimed_at = now()
      where id = (select id from donations
                  where receipt_due
                    and (receipt_claimed_at is null or receipt_claimed_at < now() - ${receiptLease})
                  order by id limit 1 for update skip locked)
      returning id, email, amount, currency, interval, paid_at, subscription_id`,
    );
    if (!row) return null;
    if (row.email) return { ...row, email: row.email, amount: Number(row.amount) };
    await settleReceipt(db, row.id, 'sent');
  }
}

/** A receipt went out, or could not and is owed again. */
export async function settleReceipt(db: Db, id: number, outcome: 'sent' | 'failed'): Promise<void> {
  await db.execute(
    outcome === 'sent'
      ? sql`update donations set receipt_due = false, receipt_sent_at = now(),
                                 receipt_claimed_at = null where id = ${id}`
      : sql`update donations set receipt_claimed_at = null where id = ${id}`,
  );
}

/** The campaign is one of the site's settings (the site feature keeps them). */
export async function readCampaign(db: Db): Promise<CampaignSettings | null> {
  return ((await readSetting(db, campaignSettingKey)) as CampaignSettings | undefined) ?? null;
}

export async function writeCampaign(db: DbOrTx, campaign: CampaignSettings): Promise<void> {
  await writeSetting(db, campaignSettingKey, campaign);
}

/**
 * Raised (net of refunds) and distinct supporters between two dates (the end inclusive), in
 * the site's currency only: a gift in another is named in `otherCurrencies`, never converted
 * or added to the goal's money.
 */
export async function campaignProgress(
  db: Db,
  campaign: CampaignSettings,
  currency: DonationCurrency,
): Promise<{ raised: number; supporters: number; otherCurrencies: DonationCurrency[] }> {
  const end =
    campaign.endsAt === null ? sql`'infinity'::timestamptz` : utcDayAfter(campaign.endsAt);
  const [row] = await queryRows<{
    raised: string;
    supporters: string;
    other_currencies: DonationCurrency[] | null;
  }>(
    db,
    sql`
    select coalesce(sum(${keptSql}) filter (where donations.currency = ${currency}), 0) as raised,
           count(distinct coalesce(donations.user_id, lower(donations.email), donations.checkout_id))
             filter (where ${keptSql} > 0 and donations.currency = ${currency}) as supporters,
           array_agg(distinct donations.currency order by donations.currency)
             filter (where ${keptSql} > 0 and donations.currency <> ${currency}) as other_currencies
    from donations
    where donations.status = 'paid'
      and donations.paid_at >= ${utcDay(campaign.startsAt)} and donations.paid_at < ${end}`,
  );
  return {
    raised: Number(row?.raised ?? 0),
    supporters: Number(row?.supporters ?? 0),
    otherCurrencies: row?.other_currencies ?? [],
  };
}

/**
 * Recent gifts received and kept, as the donor chose to appear: a monthly gift once, at its
 * latest kept payment, its message hidden if it was hidden on any of its payments.
 */
export async function wall(db: Db, limit: number): Promise<WallDonation[]> {
  const rows = await queryRows<{
    id: number;
    public_name: string | null;
    username: string | null;
    amount: string;
    currency: DonationCurrency;
    interval: DonationInterval;
    message: string;
    hidden: boolean;
    paid_at: string;
  }>(
    db,
    sql`
    select donations.id, c.public_name, u.username, donations.amount, donations.currency,
           donations.interval,
           c.message, donations.paid_at,
           exists (select 1 from donations h where h.checkout_id = donations.checkout_id
             and h.message_hidden_at is not null) as hidden
    from donations
    join donation_checkouts c on c.id = donations.checkout_id
    left join users u on u.id = donations.user_id and c.public_name is not null
      and u.banned is not true
    where donations.status = 'paid' and donations.amount_refunded < donations.amount
      and not exists (select 1 from donations newer
        where newer.checkout_id = donations.checkout_id and newer.status = 'paid'
          and newer.amount_refunded < newer.amount
          and (newer.paid_at, newer.id) > (donations.paid_at, donations.id))
    order by donations.paid_at desc, donations.id desc
    limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.public_name ?? 'Anonymous',
    username: row.public_name === null ? null : row.username,
    amount: Number(row.amount),
    currency: row.currency,
    interval: row.interval,
    message: row.hidden || row.message === '' ? null : row.message,
    createdAt: new Date(row.paid_at).toISOString(),
  }));
}

/** A member who gave under their name, and whose gift stayed. */
export const supporterSql = (userId: SQL) => sql`exists (
  select 1 from donations
  join donation_checkouts c on c.id = donations.checkout_id
  where donations.user_id = ${userId} and donations.status = 'paid'
    and donations.amount_refunded < donations.amount and c.public_name is not null)`;

export interface AdminFilters {
  from?: string | undefined;
  to?: string | undefined;
  status?: DonationStatus | undefined;
  interval?: DonationInterval | undefined;
}

function filterSql(filters: AdminFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.from) parts.push(sql`donations.created_at >= ${utcDay(filters.from)}`);
  if (filters.to) parts.push(sql`donations.created_at < ${utcDayAfter(filters.to)}`);
  if (filters.status) parts.push(sql`${statusSql} = ${filters.status}`);
  if (filters.interval) parts.push(sql`donations.interval = ${filters.interval}`);
  return sql.join(parts, sql` and `);
}

export interface AdminRow {
  id: number;
  created_at: string;
  paid_at: string | null;
  amount: string;
  amount_refunded: string;
  currency: DonationCurrency;
  interval: DonationInterval;
  status: DonationStatus;
  public_name: string | null;
  email: string | null;
  member_id: string | null;
  member_username: string | null;
  member_name: string | null;
  message: string;
  hidden: boolean;
  provider_ref: string;
  cancelled: boolean;
  cursor_at: string;
}

/** What the admin list shows of a donation, its donor and its plan. */
const adminSelect = sql`
    select donations.id, donations.created_at, donations.paid_at, donations.amount,
           donations.amount_refunded, donations.currency, donations.interval,
           ${statusSql} as status, c.public_name, donations.email,
           u.id as member_id, u.username as member_username, u.name as member_name,
           c.message, donations.message_hidden_at is not null as hidden,
           donations.provider_ref,
           coalesce(s.cancelled_at is not null, false) as cancelled,
           ${cursorTime(sql`donations.created_at`)} as cursor_at
    from donations
    join donation_checkouts c on c.id = donations.checkout_id
    left join users u on u.id = donations.user_id
    left join donation_subscriptions s on s.id = donations.subscription_id
`;

/** Donations newest first, `after` the cursor's (created_at, id); `limit` of them. */
export async function adminDonations(
  db: Db,
  filters: AdminFilters,
  page: { after: { at: string; id: number } | null; limit: number },
): Promise<AdminRow[]> {
  const after = page.after
    ? sql`and (donations.created_at, donations.id) < (${page.after.at}::timestamptz, ${page.after.id})`
    : sql``;
  return queryRows<AdminRow>(
    db,
    sql`
    ${adminSelect}
    where ${filterSql(filters)} ${after}
    order by donations.created_at desc, donations.id desc
    limit ${page.limit}`,
  );
}

/** The site's currency first, then the others by code: the order every per-currency sum takes. */
const siteCurrencyFirst = (currency: DonationCurrency) =>
  sql`donations.currency <> ${currency}, donations.currency`;

/** Per-currency rows of a count and a sum, as one count and the sums side by side. */
function countAndAmounts(rows: { currency: DonationCurrency; count: string; amount: string }[]) {
  return {
    count: rows.reduce((sum, row) => sum + Number(row.count), 0),
    amounts: rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
  };
}

/**
 * Over every donation the filters match: how many, and the money kept per currency paid in
 * (money in different currencies is never added together).
 */
export async function adminTotals(
  db: Db,
  filters: AdminFilters,
  siteCurrency: DonationCurrency,
): Promise<{ count: number; amounts: MoneyTotal[] }> {
  const rows = await queryRows<{ currency: DonationCurrency; count: string; amount: string }>(
    db,
    sql`select donations.currency, count(*) as count, coalesce(sum(${keptSql}), 0) as amount
        from donations where ${filterSql(filters)}
        group by donations.currency order by ${siteCurrencyFirst(siteCurrency)}`,
  );
  return countAndAmounts(rows);
}

/**
 * Money received per calendar month (UTC), newest first, the last two years; within a month,
 * a sum per currency paid in, the site's first.
 */
export async function monthlyTotals(db: Db, siteCurrency: DonationCurrency) {
  const rows = await queryRows<{
    month: string;
    currency: DonationCurrency;
    count: string;
    amount: string;
    refunded: string;
  }>(
    db,
    sql`
    select to_char(date_trunc('month', donations.paid_at at time zone 'UTC'), 'YYYY-MM') as month,
           donations.currency, count(*) as count, sum(${keptSql}) as amount,
           sum(least(donations.amount_refunded, donations.amount)) as refunded
    from donations
    where donations.status = 'paid'
      and donations.paid_at >= date_trunc('month', now()) - interval '23 months'
    group by 1, 2 order by 1 desc, ${siteCurrencyFirst(siteCurrency)}`,
  );
  const months: {
    month: string;
    count: number;
    amounts: (MoneyTotal & { refunded: number })[];
  }[] = [];
  for (const row of rows) {
    let month = months.at(-1);
    if (month?.month !== row.month) {
      month = { month: row.month, count: 0, amounts: [] };
      months.push(month);
    }
    month.count += Number(row.count);
    month.amounts.push({
      currency: row.currency,
      amount: Number(row.amount),
      refunded: Number(row.refunded),
    });
  }
  return months;
}

/** Hides or shows a donor's message: every payment of the same checkout (a monthly plan). */
export async function setMessageHidden(
  tx: Tx,
  id: number,
  hidden: { by: string } | null,
): Promise<{ checkout_id: string; message: string } | null> {
  const [row] = await queryRows<{ checkout_id: string; message: string }>(
    tx,
    sql`
    with target as (
      select donations.checkout_id, c.message from donations
      join donation_checkouts c on c.id = donations.checkout_id where donations.id = ${id})
    update donations set
      message_hidden_at = ${hidden ? sql`coalesce(message_hidden_at, now())` : sql`null`},
      message_hidden_by_id = ${hidden ? hidden.by : null}
    from target where donations.checkout_id = target.checkout_id
    returning target.checkout_id, target.message`,
  );
  return row ?? null;
}

export async function adminDonation(db: Db, id: number): Promise<AdminRow | null> {
  const [row] = await queryRows<AdminRow>(
    db,
    sql`
    ${adminSelect}
    where donations.id = ${id}`,
  );
  return row ?? null;
}

/**
 * The admin dashboard's tile: donations received and kept, and the money kept per currency
 * paid in (the site's first); null before any donation.
 */
export async function donationTotals(
  db: Db,
  siteCurrency: DonationCurrency,
): Promise<{ count: number; amounts: MoneyTotal[] } | null> {
  const rows = await queryRows<{ currency: DonationCurrency; count: string; amount: string }>(
    db,
    sql`select donations.currency, count(*) filter (where ${keptSql} > 0) as count,
               coalesce(sum(${keptSql}), 0) as amount
        from donations
        group by donations.currency order by ${siteCurrencyFirst(siteCurrency)}`,
  );
  if (rows.length === 0) return null;
  return countAndAmounts(rows);
}

export interface MonthlyGiftRow {
  id: string;
  checkout_id: string;
  user_id: string | null;
  amount: string;
  currency: DonationCurrency;
  started_at: string | null;
  last_paid_at: string | null;
  cancelled_at: string | null;
  stop_requested_at: string | null;
}

/**
 * A monthly plan with what it gave: the amount and currency of its latest payment received (the
 * one asked for before any), its first and latest payment, and whether it ended.
 */
const monthlyGiftSelect = sql`
    select s.id, s.checkout_id, c.user_id, s.cancelled_at, s.stop_requested_at,
           coalesce(latest.amount, c.amount) as amount,
           coalesce(latest.currency, c.currency) as currency,
           (select min(d.paid_at) from donations d
             where d.checkout_id = s.checkout_id and d.status = 'paid') as started_at,
           latest.paid_at as last_paid_at
    from donation_subscriptions s
    join donation_checkouts c on c.id = s.checkout_id
    left join lateral (select d.amount, d.currency, d.paid_at from donations d
      where d.checkout_id = s.checkout_id and d.status = 'paid'
      order by d.paid_at desc, d.id desc limit 1) latest on true
`;

/** How many of a member's monthly gifts their account lists: the newest. */
const monthlyGiftsShown = 20;

/** The monthly gifts a member started, the newest first. */
export async function memberMonthlyGifts(db: Db, userId: string): Promise<MonthlyGiftRow[]> {
  return queryRows<MonthlyGiftRow>(
    db,
    sql`
    ${monthlyGiftSelect}
    where c.user_id = ${userId}
    order by c.created_at desc, s.id
    limit ${monthlyGiftsShown}`,
  );
}

export async function monthlyGift(db: Db, id: string): Promise<MonthlyGiftRow | null> {
  const [row] = await queryRows<MonthlyGiftRow>(
    db,
    sql`
    ${monthlyGiftSelect}
    where s.id = ${id}`,
  );
  return row ?? null;
}

/** The donor asked to stop the plan and the provider accepted: kept from the first time. */
export async function markStopRequested(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    update donation_subscriptions set stop_requested_at = coalesce(stop_requested_at, now())
    where id = ${id}`);
}
