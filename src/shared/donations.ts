import { z } from 'zod';
import { donationCurrencies, moneyTotalSchema, type DonationCurrency } from './currencies.js';
import { multiLineText, pageCursorSchema, singleLineText, visibleMin } from './text.js';

/**
 * Donations: members and visitors fund the community through a payment provider (Stripe, or the
 * built-in demo checkout). Every amount is an integer in minor units (cents) of the site's one
 * currency; the form converts what a donor types.
 */
export const donationLimits = {
  /** 1 to 10,000 in the currency, in minor units (every supported currency has 2 decimals). */
  minAmount: 100,
  maxAmount: 1_000_000,
  presets: [500, 1_000, 2_500, 5_000],
  messageMax: 280,
  nameMax: 60,
  wallSize: 24,
  adminPageMax: 100,
  /** A campaign's goal: 1 to 10,000,000 in the currency. */
  goalMax: 1_000_000_000,
  campaignTitleMax: 120,
  campaignTextMax: 2_000,
} as const;

export {
  donationCurrencies,
  moneyTotalSchema,
  type DonationCurrency,
  type MoneyTotal,
} from './currencies.js';

export const donationIntervals = ['once', 'monthly'] as const;
export type DonationInterval = (typeof donationIntervals)[number];
export const donationIntervalLabels: Record<DonationInterval, string> = {
  once: 'One-off',
  monthly: 'Monthly',
};

/** What a donation is now: `pending` until the provider confirms the money. */
export const donationStatuses = ['pending', 'paid', 'failed', 'refunded'] as const;
export type DonationStatus = (typeof donationStatuses)[number];
export const donationStatusLabels: Record<DonationStatus, string> = {
  pending: 'Confirming',
  paid: 'Received',
  failed: 'Failed',
  refunded: 'Refunded',
};

/**
 * 1234 (cents) → "$12.34", in the currency given (a donation's own, which is not always the
 * site's). A whole amount drops its cents ("$25") unless `cents` asks for them ("$1.00").
 */
export function formatMoney(
  minor: number,
  currency: string,
  options: { cents?: boolean; locale?: string } = {},
): string {
  return new Intl.NumberFormat(options.locale ?? 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: options.cents || minor % 100 !== 0 ? 2 : 0,
  }).format(minor / 100);
}

/** Money in one currency: a total, a month's sum. */

/**
 * Sums in several currencies, side by side ("$350 · €20"): money in different currencies is
 * never added up. With none, zero in `siteCurrency` when given.
 */
export function formatMoneyTotals(
  totals: readonly { currency: string; amount: number }[],
  siteCurrency?: DonationCurrency,
): string {
  if (totals.length === 0) return siteCurrency ? formatMoney(0, siteCurrency) : '—';
  return totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ');
}

/** A donation's amount in minor units, its limits named in the site's currency ("$1.00"). */
export function donationAmountSchema(currency: DonationCurrency) {
  const money = (minor: number) => formatMoney(minor, currency, { cents: true });
  return z
    .number('Enter an amount')
    .int('Give the amount in cents: a whole number')
    .min(donationLimits.minAmount, `The smallest donation is ${money(donationLimits.minAmount)}`)
    .max(donationLimits.maxAmount, `The largest donation is ${money(donationLimits.maxAmount)}`);
}

export const donationMessageSchema = multiLineText()
  .trim()
  .max(
    donationLimits.messageMax,
    `A message can be at most ${donationLimits.messageMax} characters`,
  );

/**
 * POST /api/donations/checkout: start a payment; the answer says where to send the donor. The
 * site's currency names the amount's limits in its refusals.
 */
export const checkoutBodyFor = (siteCurrency: DonationCurrency) =>
  z
    .object({
      amount: donationAmountSchema(siteCurrency),
      /** Optional; when given it must be the site's currency. */
      currency: singleLineText()
        .regex(/^[a-zA-Z]{3}$/, 'A currency is a three-letter code')
        .transform((value) => value.toLowerCase())
        .optional(),
      interval: z.enum(donationIntervals).default('once'),
      message: donationMessageSchema.default(''),
      /** Appear on the donor wall by name, or as 'Anonymous'. */
      showName: z.boolean().default(false),
      /** The name a visitor appears under; a member appears under their display name. */
      name: singleLineText().trim().max(donationLimits.nameMax).default(''),
    })
    .strict();
export type CheckoutBody = z.input<ReturnType<typeof checkoutBodyFor>>;
export type CheckoutRequest = z.output<ReturnType<typeof checkoutBodyFor>>;
export const checkoutResponse = z.object({
  /** The provider's checkout page, or the demo checkout on this site. */
  url: z.string(),
});

/** The current campaign, with what has been raised for it so far. */
export const campaignSchema = z.object({
  title: z.string(),
  /** Why to give, in the admins' words (plain text, paragraphs split by blank lines). */
  text: z.string(),
  goal: z.number().int(),
  /** Kept gifts in the site's currency only: money in another is never added to it. */
  raised: z.number().int(),
  supporters: z.number().int(),
  /** Currencies other than the site's that gifts of the campaign's dates came in. */
  otherCurrencies: z.array(z.enum(donationCurrencies)),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** Whole days until the end (0 on its last day); null for an open-ended campaign. */
  daysLeft: z.number().int().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const wallDonationSchema = z.object({
  id: z.number().int(),
  /** The donor's name, or 'Anonymous'. */
  name: z.string(),
  /** A member who appears by name links to their profile. */
  username: z.string().nullable(),
  amount: z.number().int(),
  /** The currency it was paid in. */
  currency: z.enum(donationCurrencies),
  interval: z.enum(donationIntervals),
  /** Null when the donor left none or a moderator hid it. */
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type WallDonation = z.infer<typeof wallDonationSchema>;

/** GET /api/donations: everything the donations page shows. */
export const donationsPageResponse = z.object({
  currency: z.enum(donationCurrencies),
  /** The demo checkout is in use: no money moves. */
  testMode: z.boolean(),
  campaign: campaignSchema.nullable(),
  wall: z.array(wallDonationSchema),
});
export type DonationsPage = z.infer<typeof donationsPageResponse>;

export const sessionIdSchema = singleLineText()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_]+$/, 'Not a checkout session id');

export const donationStatusQuery = z.object({ session_id: sessionIdSchema }).strict();

/** GET /api/donations/status: the donation of a checkout this browser (or member) started. */
export const donationStatusResponse = z.object({
  state: z.enum(['confirming', 'received', 'failed', 'refunded', 'cancelled']),
  amount: z.number().int(),
  currency: z.enum(donationCurrencies),
  interval: z.enum(donationIntervals),
  /** When the payment was received; null until then. */
  receivedAt: z.string().nullable(),
  /**
   * Once received: the donation's reference, whether its receipt went by e-mail (a demo gift
   * made without a verified address has its receipt on this page instead), and for a monthly
   * gift the signed page that stops it, as its receipt e-mail links to it.
   */
  receipt: z
    .object({ reference: z.string(), emailed: z.boolean(), stopPath: z.string().nullable() })
    .nullable(),
});
export type DonationStatusAnswer = z.infer<typeof donationStatusResponse>;

export const demoCheckoutParams = z.object({ sessionId: sessionIdSchema }).strict();
export const demoCheckoutResponse = z.object({
  sessionId: z.string(),
  amount: z.number().int(),
  currency: z.enum(donationCurrencies),
  interval: z.enum(donationIntervals),
  /**
   * Where the receipt goes: the verified address of the member who started the checkout. The
   * demo mails no address typed in (anyone could type anyone's); null shows it on the page.
   */
  receiptTo: z.string().nullable(),
  state: z.enum(['open', 'paid', 'cancelled']),
});
/** Pay takes nothing: the receipt's address is the member's own, never one typed in. */
export const demoPayBody = z.object({}).strict().nullish();
export const redirectResponse = z.object({ url: z.string() });

/** POST /api/payments/webhook: what the provider is told. */
export const webhookResponse = z.object({
  received: z.literal(true),
  /** false for an event type we do not act on, or one seen before. */
  handled: z.boolean(),
  duplicate: z.boolean(),
});

// A donor's monthly gifts.

/** A monthly plan's id: the provider's subscription (sub_…). */
export const monthlyGiftIdSchema = singleLineText()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_]+$/, 'Not a monthly gift');

export const monthlyGiftStates = ['active', 'stopping', 'ended'] as const;
export type MonthlyGiftState = (typeof monthlyGiftStates)[number];

/**
 * A monthly plan as its donor sees it. `stopping`: the donor asked and the provider accepted;
 * it is `ended` once the provider reports the plan's end (its webhook event).
 */
export const monthlyGiftSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.enum(donationCurrencies),
  /** The first payment, and the latest one received. */
  startedAt: z.string().nullable(),
  lastPaidAt: z.string().nullable(),
  state: z.enum(monthlyGiftStates),
  endedAt: z.string().nullable(),
});
export type MonthlyGift = z.infer<typeof monthlyGiftSchema>;

/** GET /api/donations/monthly: the signed-in member's monthly gifts, the newest first. */
export const monthlyGiftsResponse = z.object({ gifts: z.array(monthlyGiftSchema) });
export const monthlyGiftParams = z.object({ id: monthlyGiftIdSchema }).strict();
export const monthlyGiftResponse = z.object({ gift: monthlyGiftSchema });
/** The receipt's signed link to stop a monthly gift, signed in or not. */
export const monthlyGiftLinkQuery = z.object({ token: singleLineText().min(1).max(500) }).strict();

// Administration.

export const adminDonationsQuery = z
  .object({
    from: z.iso.date('A date as YYYY-MM-DD').optional(),
    to: z.iso.date('A date as YYYY-MM-DD').optional(),
    status: z.enum(donationStatuses).optional(),
    interval: z.enum(donationIntervals).optional(),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(donationLimits.adminPageMax).default(50),
  })
  .strict();
export type AdminDonationsQuery = z.input<typeof adminDonationsQuery>;
export const adminDonationsExportQuery = adminDonationsQuery.omit({ cursor: true, limit: true });

export const adminDonationSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  amount: z.number().int(),
  amountRefunded: z.number().int(),
  currency: z.enum(donationCurrencies),
  interval: z.enum(donationIntervals),
  status: z.enum(donationStatuses),
  /** The name on the wall ('Anonymous' when the donor chose so). */
  name: z.string(),
  email: z.string().nullable(),
  member: z.object({ id: z.string(), username: z.string(), name: z.string() }).nullable(),
  message: z.string(),
  messageHidden: z.boolean(),
  /** The provider's reference: checkout session (one-off) or invoice (monthly). */
  reference: z.string(),
  subscriptionCancelled: z.boolean(),
});
export type AdminDonation = z.infer<typeof adminDonationSchema>;

export const adminDonationsResponse = z.object({
  items: z.array(adminDonationSchema),
  nextCursor: z.string().nullable(),
  /** Over every donation the filters match: received money net of refunds, per currency. */
  totals: z.object({ count: z.number().int(), amounts: z.array(moneyTotalSchema) }),
});

export const monthlyTotalsResponse = z.object({
  /** The site's currency. */
  currency: z.enum(donationCurrencies),
  months: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      count: z.number().int(),
      /** Per currency paid in, the site's first: received net of refunds, and refunded. */
      amounts: z.array(moneyTotalSchema.extend({ refunded: z.number().int() })),
    }),
  ),
});

export const donationIdParams = z.object({ id: z.coerce.number().int().positive() }).strict();
export const moderateMessageBody = z
  .object({
    hidden: z.boolean(),
    reason: multiLineText().trim().max(500).default(''),
  })
  .strict();

export const campaignSettingsSchema = z
  .object({
    title: singleLineText()
      .trim()
      .check(...visibleMin(1, 'Give the campaign a title'))
      .max(donationLimits.campaignTitleMax),
    text: multiLineText().trim().max(donationLimits.campaignTextMax),
    goal: z
      .number()
      .int('The goal is in cents: a whole number')
      .min(100, 'A goal of at least 1')
      .max(donationLimits.goalMax),
    startsAt: z.iso.date('A date as YYYY-MM-DD'),
    endsAt: z.iso.date('A date as YYYY-MM-DD').nullable(),
  })
  .strict()
  .refine((value) => value.endsAt === null || value.endsAt >= value.startsAt, {
    message: 'The campaign must end on or after its start',
    path: ['endsAt'],
  });
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;
export const campaignSettingsResponse = z.object({ campaign: campaignSettingsSchema.nullable() });
