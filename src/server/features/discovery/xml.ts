/**
 * Text written into our XML documents (sitemaps, feeds). Everything goes through `escapeXml`:
 * addresses, usernames, slugs, titles and HTML alike.
 */

/** Characters XML 1.0 cannot hold at all: control characters but tab and line breaks, lone
 * surrogates, U+FFFE and U+FFFF. Dropped, since no escape can carry them. */
const notInXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(value: string): string {
  return value.replace(notInXml, '').replace(/[&<>"']/g, (char) => entities[char] ?? '');
}

/** A W3C / RFC 3339 time in UTC to the second, as sitemaps and Atom write it. */
export const xmlTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The latest of some times (undefined when there are none). */
export function latest(...dates: (Date | null | undefined)[]): Date | undefined {
  let found: Date | undefined;
  for (const date of dates) if (date && (!found || date > found)) found = date;
  return found;
}
