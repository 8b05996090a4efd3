/*
 * Amounts as people type them (12.5 in the currency) and as the API takes them (1250, integer
 * minor units). Every currency the site takes has two decimals.
 */

export function toMinorUnits(major: number): number {
  return Math.round(major * 100);
}

export function toMajorUnits(minor: number): number {
  return minor / 100;
}

/** A NumberInput's value as a number; null while the field is empty or holds no number. */
export function typedAmount(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A third decimal is refused rather than rounded away: 12.345 is more likely a typo than a wish. */
export function hasAtMostTwoDecimals(major: number): boolean {
  return !/\.\d{3,}/.test(String(major));
}
