import { z } from 'zod';

/** Currencies the site may take (DONATION_CURRENCY): each has two decimals. */
export const donationCurrencies = [
  'usd',
  'eur',
  'gbp',
  'cad',
  'aud',
  'nzd',
  'chf',
  'sek',
  'nok',
  'dkk',
  'pln',
] as const;
export type DonationCurrency = (typeof donationCurrencies)[number];

/**
 * A sum in one currency. Here rather than beside the donations' schemas so that the dashboard's
 * schema (shared/moderation.ts) does not bring those into every page that reads moderation's.
 */
export const moneyTotalSchema = z.object({
  currency: z.enum(donationCurrencies),
  /** Minor units, net of refunds. */
  amount: z.number().int(),
});
export type MoneyTotal = z.infer<typeof moneyTotalSchema>;
