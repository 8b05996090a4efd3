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
 * figures (shared/admin-stats.ts) do not bring those into the admin pages.
 */
export const moneyTotalSchema = z.object({
  currency: z.enum(donationCurrencies),
  /** Minor units, net of refunds. */
  amount: z.number().int(),
});
export type MoneyTotal = z.infer<typeof moneyTotalSchema>;
