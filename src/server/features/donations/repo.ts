import { sql, type SQL } from 'drizzle-orm';
import { cursorTime } from '../../core/cursor.js';
import type {
  AdminDonation,
  CampaignSettings,
  DonationCurrency,
  DonationInterval,
  DonationStatus,
  WallDonation,
} from '../../../shared/donations.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import type { PaymentFact } from './events.js';

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
           c.state, u.email
    from donation_checkouts c left join users u on u.id = c.user_id
    where c.session_id = ${sessionId}`,
  );
  return row ?? null;
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

/** The donation a checkout led to: its one payment, or a monthly plan's first. */
export async function checkoutDonation(
  db: Db,
  checkoutId: string,
): Promise<{ status: DonationStatus; amount: number; paid_at: string | null } | null> {
  const [row] = await queryRows<{ status: DonationStatus; amount: number; paid_at: string | null }>(
    db,
    sql`
    select ${statusSql} as status, amount, paid_at
    from donations where checkout_id = ${checkoutId}
    order by created_at, id limit 1`,
  );
  return row ?? null;
}

/** A donation's state, refunds included: refunded once the whole amount went back. */
const statusSql = sql.raw(
  `case when donations.amount_refunded >= donations.amount and donations.status = 'paid' then 'refunded' else donations.status end`,
);

/** Money that stays: received, net of refunds. */
const keptSql = sql.raw(
  `case when donations.status = 'paid' then donations.amount - least(donations.amount_refunded, donations.amount) else 0 end`,
);

/**
 * Applies one event in one transaction: its id is stored under a unique key together with its
 * effects, so a second delivery finds it and changes nothing. Events are applied one at a
 * time (an advisory lock), and each effect only moves a donation forward (pending, then failed
 * or paid; refunds only grow), so any order of the same events ends in the same state.
 * Returns the ids of donations that became paid.
 */
export async function applyEvent(
  db: Db,
  event: { id: string; type: string },
  facts: PaymentFact[],
): Promise<{ duplicate: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYMENT_EVENTS_LOCK})`);
    const stored = await queryRows<{ id: string }>(
      tx,
      sql`insert into payment_events (id, type) values (${event.id}, ${event.type})
          on conflict (id) do nothing returning id`,
    );
    if (stored.length === 0) return { duplicate: true };
    for (const fact of facts) await applyFact(tx, fact);
    return { duplicate: false };
  });
}

async function applyFact(tx: Tx, fact: PaymentFact): Promise<void> {
  switch (fact.kind) {
    case 'payment':
      await tx.execute(sql`
        insert into donations
          (checkout_id, provider_ref, payment_ref, subscription_id, user_id, amount, currency,
           interval, status, amount_refunded, email, paid_at, created_at, receipt_due,
           message_hidden_at, message_hidden_by_id)
        select c.id, ${fact.providerRef}, ${fact.paymentRef}, ${fact.subscriptionId}, c.user_id,
               ${fact.amount}, ${fact.currency}, ${fact.interval}, ${fact.status},
               coalesce((select amount_refunded from payment_refunds
                         where payment_ref = ${fact.paymentRef}), 0),
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
          amount_refunded = greatest(donations.amount_refunded, excluded.amount_refunded,
            coalesce((select amount_refunded from payment_refunds
                      where payment_ref = coalesce(donations.payment_ref, excluded.payment_ref)), 0)),
          paid_at = least(donations.paid_at, excluded.paid_at),
          created_at = least(donations.created_at, excluded.created_at),
          receipt_due = donations.receipt_sent_at is null
            and (donations.status = 'paid' or excluded.status = 'paid')`);
      return;
    case 'plan':
      await tx.execute(sql`
        insert into donation_subscriptions (id, checkout_id, cancelled_at)
        select ${fact.subscriptionId}, c.id, ${fact.cancelledAt}
        from donation_checkouts c where c.id = ${fact.checkoutId}
        on conflict (id) do update
          set cancelled_at = least(donation_subscriptions.cancelled_at, excluded.cancelled_at)`);
      return;
    case 'refund':
      await tx.execute(sql`
        insert into payment_refunds (payment_ref, amount_refunded)
        values (${fact.paymentRef}, ${fact.amountRefunded})
        on conflict (payment_ref) do update
          set amount_refunded = greatest(payment_refunds.amount_refunded, excluded.amount_refunded)`);
      await tx.execute(sql`
        update donations set amount_refunded = greatest(amount_refunded, ${fact.amountRefunded})
        where payment_ref = ${fact.paymentRef}`);
      return;
  }
}

export interface DueReceipt {
  id: number;
  email: string;
  amount: number;
  currency: DonationCurrency;
  interval: DonationInterval;
  paid_at: string;
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
      returning id, email, amount, currency, interval, paid_at`,
    );
    if (!row) return null;
    if (row.email) return { ...row, email: row.email };
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

export async function readCampaign(db: Db): Promise<CampaignSettings | null> {
  const [row] = await queryRows<{ value: CampaignSettings }>(
    db,
    sql`select value from site_settings where key = ${campaignSettingKey}`,
  );
  return row?.value ?? null;
}

export async function writeCampaign(db: DbOrTx, campaign: CampaignSettings): Promise<void> {
  await db.execute(sql`
    insert into site_settings (key, value) values (${campaignSettingKey}, ${JSON.stringify(campaign)}::jsonb)
    on conflict (key) do update set value = excluded.value, updated_at = now()`);
}

/** Raised (net of refunds) and distinct supporters between two dates (the end inclusive). */
export async function campaignProgress(
  db: Db,
  campaign: CampaignSettings,
  currency: DonationCurrency,
): Promise<{ raised: number; supporters: number }> {
  const end =
    campaign.endsAt === null ? sql`'infinity'::timestamptz` : utcDayAfter(campaign.endsAt);
  const [row] = await queryRows<{ raised: string; supporters: string }>(
    db,
    sql`
    select coalesce(sum(${keptSql}), 0) as raised,
           count(distinct coalesce(donations.user_id, lower(donations.email), donations.checkout_id))
             filter (where ${keptSql} > 0) as supporters
    from donations
    where donations.status = 'paid' and donations.currency = ${currency}
      and donations.paid_at >= ${utcDay(campaign.startsAt)} and donations.paid_at < ${end}`,
  );
  return { raised: Number(row?.raised ?? 0), supporters: Number(row?.supporters ?? 0) };
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
    amount: number;
    interval: DonationInterval;
    message: string;
    hidden: boolean;
    paid_at: string;
  }>(
    db,
    sql`
    select donations.id, c.public_name, u.username, donations.amount, donations.interval,
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
    amount: row.amount,
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

interface AdminRow {
  id: number;
  created_at: string;
  paid_at: string | null;
  amount: number;
  amount_refunded: number;
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

export function presentAdminDonation(row: AdminRow): AdminDonation {
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
    amount: row.amount,
    amountRefunded: row.amount_refunded,
    currency: row.currency,
    interval: row.interval,
    status: row.status,
    name: row.public_name ?? 'Anonymous',
    email: row.email,
    member:
      row.member_id && row.member_username
        ? { id: row.member_id, username: row.member_username, name: row.member_name ?? '' }
        : null,
    message: row.message,
    messageHidden: row.hidden,
    reference: row.provider_ref,
    subscriptionCancelled: row.cancelled,
  };
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

/** Over every donation the filters match: how many, and the money kept. */
export async function adminTotals(
  db: Db,
  filters: AdminFilters,
): Promise<{ count: number; amount: number }> {
  const [row] = await queryRows<{ count: string; amount: string }>(
    db,
    sql`select count(*) as count, coalesce(sum(${keptSql}), 0) as amount
        from donations where ${filterSql(filters)}`,
  );
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
}

/** Money received per calendar month (UTC), newest first, the last two years. */
export async function monthlyTotals(db: Db, currency: DonationCurrency) {
  const rows = await queryRows<{ month: string; count: string; amount: string; refunded: string }>(
    db,
    sql`
    select to_char(date_trunc('month', donations.paid_at at time zone 'UTC'), 'YYYY-MM') as month,
           count(*) as count, sum(${keptSql}) as amount,
           sum(least(donations.amount_refunded, donations.amount)) as refunded
    from donations
    where donations.status = 'paid' and donations.currency = ${currency}
      and donations.paid_at >= date_trunc('month', now()) - interval '23 months'
    group by 1 order by 1 desc`,
  );
  return rows.map((row) => ({
    month: row.month,
    count: Number(row.count),
    amount: Number(row.amount),
    refunded: Number(row.refunded),
  }));
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

/** The admin dashboard's tile: donations received and the money kept; null before any. */
export async function donationTotals(
  db: Db,
  currency: DonationCurrency,
): Promise<{ count: number; totalCents: number; currency: DonationCurrency } | null> {
  const [row] = await queryRows<{ has_any: boolean; count: string; amount: string }>(
    db,
    sql`select count(*) > 0 as has_any,
               count(*) filter (where ${keptSql} > 0) as count,
               coalesce(sum(${keptSql}), 0) as amount
        from donations where donations.currency = ${currency}`,
  );
  return row?.has_any
    ? { count: Number(row.count), totalCents: Number(row.amount), currency }
    : null;
}
