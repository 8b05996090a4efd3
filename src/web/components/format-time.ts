/** Dates as the pages show them, in the reader's own locale and time zone. */
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "Monday, 3 March 2025 at 14:05": the exact moment, for title attributes. */
export function formatFull(iso: string): string {
  return fullFormat.format(new Date(iso));
}

/** "3 Mar 2025". */
export function formatDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** "3 March 2025". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "3 Mar 2025, 14:05". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** "5 minutes ago", "yesterday"; under a minute is "just now". */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
