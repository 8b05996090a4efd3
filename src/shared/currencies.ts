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
