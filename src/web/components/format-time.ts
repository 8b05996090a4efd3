import { useSyncExternalStore } from 'react';

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

/**
 * "5 minutes ago", "yesterday", "in 1 hour"; under a minute is "just now". Within half a
 * minute of an hour or more it says that ("in 1 hour" for a mute set an hour from a moment ago,
 * not "in 60 minutes").
 */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of units) {
    const slack = size > 60 ? 30 : 0;
    if (Math.abs(seconds) + slack >= size) {
      return relativeFormat.format(Math.round(seconds / size), unit);
    }
  }
  return 'just now';
}

/*
 * A server render and the browser's hydration must write the same text, but only the browser
 * knows the reader's locale, time zone and clock. While drawing for the server or hydrating,
 * pages use fixed formats (en-US, UTC, dates instead of "3 hours ago"); right after, the
 * reader's own.
 */
const renderFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const renderFull = renderFormat({ dateStyle: 'full', timeStyle: 'short' });
const renderDay = renderFormat({ dateStyle: 'medium' });
const renderDate = renderFormat({ dateStyle: 'long' });
const renderDateTime = renderFormat({ dateStyle: 'medium', timeStyle: 'short' });
const renderNumber = new Intl.NumberFormat('en-US');

export interface Formats {
  full(iso: string): string;
  day(iso: string): string;
  date(iso: string): string;
  dateTime(iso: string): string;
  relative(iso: string): string;
  /** When something ends (a mute, a block): "Nov 27, 2026, 2:42 PM (in 1 hour)". */
  end(iso: string): string;
  number(value: number): string;
}

const readerFormats: Formats = {
  full: formatFull,
  day: formatDay,
  date: formatDate,
  dateTime: formatDateTime,
  relative: (iso) => formatRelative(iso),
  end: (iso) => `${formatDateTime(iso)} (${formatRelative(iso)})`,
  number: (value) => value.toLocaleString(),
};

const renderFormats: Formats = {
  full: (iso) => `${renderFull.format(new Date(iso))} UTC`,
  day: (iso) => renderDay.format(new Date(iso)),
  date: (iso) => renderDate.format(new Date(iso)),
  dateTime: (iso) => `${renderDateTime.format(new Date(iso))} UTC`,
  relative: (iso) => renderDay.format(new Date(iso)),
  end: (iso) => `${renderDateTime.format(new Date(iso))} UTC`,
  number: (value) => renderNumber.format(value),
};

const noSubscription = () => () => {};

/** The formats to write dates and counts with: fixed while hydrating, then the reader's. */
export function useFormats(): Formats {
  const reader = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return reader ? readerFormats : renderFormats;
}
