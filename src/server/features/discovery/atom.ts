import { escapeXml, xmlTime } from './xml.js';

/** Atom 1.0 documents (RFC 4287): a feed of entries whose content is their stored HTML. */

export interface AtomEntry {
  /** The entry's page, absolute: also its permanent id. */
  url: string;
  title: string;
  author: { name: string; url: string | null };
  published: Date;
  updated: Date;
  category?: { term: string; label: string } | undefined;
  /** A line of plain text a reader shows before the content (a review's rating). */
  summary?: string | undefined;
  /** The rendered HTML stored beside the Markdown; sent escaped as `type="html"`. */
  html: string;
}

export interface AtomFeed {
  title: string;
  /** The feed's own address, absolute: also its id. */
  selfUrl: string;
  /** The page the feed follows, absolute. */
  pageUrl: string;
  /** Relative links in the entries' HTML (images under /media) resolve against it. */
  baseUrl: string;
  /** When the feed last changed, if it is empty. */
  emptySince: Date;
  entries: AtomEntry[];
}

const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;
const link = (rel: string, type: string, href: string) =>
  `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;

function entryXml(entry: AtomEntry): string {
  const author = [
    text('name', entry.author.name),
    entry.author.url ? text('uri', entry.author.url) : '',
  ].join('');
  return [
    '  <entry>',
    `    ${text('id', entry.url)}`,
    `    <title type="text">${escapeXml(entry.title)}</title>`,
    `    ${link('alternate', 'text/html', entry.url)}`,
    `    <author>${author}</author>`,
    `    ${text('published', xmlTime(entry.published))}`,
    `    ${text('updated', xmlTime(entry.updated))}`,
    ...(entry.category
      ? [
          `    <category term="${escapeXml(entry.category.term)}" label="${escapeXml(entry.category.label)}"/>`,
        ]
      : []),
    ...(entry.summary === undefined
      ? []
      : [`    <summary type="text">${escapeXml(entry.summary)}</summary>`]),
    `    <content type="html">${escapeXml(entry.html)}</content>`,
    '  </entry>',
  ].join('\n');
}

export function atomFeed(feed: AtomFeed): string {
  const updated = feed.entries.reduce(
    (last, entry) => (entry.updated > last ? entry.updated : last),
    feed.entries.length > 0 ? new Date(0) : feed.emptySince,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(feed.baseUrl)}">`,
    `  ${text('id', feed.selfUrl)}`,
    `  <title type="text">${escapeXml(feed.title)}</title>`,
    `  ${link('self', 'application/atom+xml', feed.selfUrl)}`,
    `  ${link('alternate', 'text/html', feed.pageUrl)}`,
    `  ${text('updated', xmlTime(updated))}`,
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
