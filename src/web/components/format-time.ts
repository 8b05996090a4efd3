import { useSyncExternalStore } from 'react';
import { groupDigits } from '../../shared/text';

/**
 * Made when first used, not when the module loads: the browser's first date or number format
 * costs milliseconds each (tens for the first number format), which would all fall into the one
 * task that starts the app, before the page can answer a tap.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Dates as the pages show them, in the reader's own locale and time zone. */
const fullFormat = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }),
);
const dayFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const dateFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }));
const dateTimeFormat = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
const relativeFormat = once(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));

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
  return fullFormat().format(new Date(iso));
}

/** "3 Mar 2025". */
export function formatDay(iso: string): string {
  return dayFormat().format(new Date(iso));
}

/** "3 March 2025". */
export function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

/** "3 Mar 2025, 14:05". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
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
      return relativeFormat().format(Math.round(seconds / size), unit);
    }
  }
  return 'just now';
}

/*
 * A server render and the browser's hydration must write the same text, but only the browser
 * knows the reader's locale, time zone and clock. While drawing for the server or hydrating,
 * pages use fixed formats (en-US, UTC, dates instead of "3 hours ago"); right after, the
 * reader's own. The fixed ones are written out here, the same text as `Intl.DateTimeFormat`'s
 * en-US in UTC (format-time.test.ts compares them): the browser's date formats cost it tens of
 * milliseconds to load, which hydration would otherwise pay in one piece.
 */
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Nov 27, 2026", or with `long` "November 27, 2026". */
function fixedDate(date: Date, long = false): string {
  const month = months[date.getUTCMonth()] ?? '';
  return `${long ? month : month.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "2:05 PM". */
function fixedTime(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const fixedFull = (date: Date) =>
  `${weekdays[date.getUTCDay()] ?? ''}, ${fixedDate(date, true)} at ${fixedTime(date)}`;
const fixedDateTime = (date: Date) => `${fixedDate(date)}, ${fixedTime(date)}`;

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

/** The fixed formats, exported for their test. */
export const renderFormats: Formats = {
  full: (iso) => `${fixedFull(new Date(iso))} UTC`,
  day: (iso) => fixedDate(new Date(iso)),
  date: (iso) => fixedDate(new Date(iso), true),
  dateTime: (iso) => `${fixedDateTime(new Date(iso))} UTC`,
  relative: (iso) => fixedDate(new Date(iso)),
  end: (iso) => `${fixedDateTime(new Date(iso))} UTC`,
  number: groupDigits,
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
