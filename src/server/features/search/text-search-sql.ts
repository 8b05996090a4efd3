import { sql, type SQL } from 'drizzle-orm';
import type { Highlight } from '../../../shared/search.js';

/**
 * The pieces every full-text search is built of (decision 026): one text-search configuration
 * (English: stemming, stop words), the query syntax people know from web search engines, one
 * relevance formula, and highlighted snippets that reach the page as plain text parts.
 */

/** `"exact phrase"`, `-exclude`, `OR`; never a syntax error, whatever the text holds. */
export const textQuery = (text: string): SQL => sql`websearch_to_tsquery('english', ${text})`;

/**
 * Relevance: PostgreSQL's rank (a title's words weigh ten times a body's, by the weights the
 * generated columns give), with a gentle lift for recent content (up to ×1.5, halved after 30
 * days) and for liked content (×1.4 at 50 likes). The lifts reorder close matches; they never
 * put a passing mention above a title match.
 */
export function relevance(parts: { vector: SQL; query: SQL; createdAt: SQL; reactions: SQL }): SQL {
  return sql`ts_rank(${parts.vector}, ${parts.query})
    * (1 + ln(1 + greatest(${parts.reactions}, 0)) / 10)
    * (1 + 0.5 / (1 + extract(epoch from now() - ${parts.createdAt}) / 2592000))`;
}

/** ts_headline's marks around a matched word: private-use characters stripped from the text first. */
const markStart = '\uE000';
const markEnd = '\uE001';
const headlineOptions = {
  title: `StartSel="${markStart}", StopSel="${markEnd}", HighlightAll=true`,
  snippet: `StartSel="${markStart}", StopSel="${markEnd}", MaxWords=32, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`,
} as const;

/** The text with the query's words marked: a whole title, or a snippet of up to two fragments. */
export function headline(text: SQL, query: SQL, kind: keyof typeof headlineOptions): SQL {
  return sql`ts_headline('english', translate(${text}, ${markStart + markEnd}, ''), ${query}, ${headlineOptions[kind]})`;
}

/**
 * Markdown's punctuation, taken out of a snippet of source text: a link shows its words, an
 * image its alt text, emphasis and code their content. The marks survive (they are neither).
 */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|[\s(])[*_]+|[*_]+(?=[\s.,;:!?)]|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A headline as parts: the matched words flagged, everything plain text (never HTML). */
export function highlightParts(marked: string, options: { markdown: boolean }): Highlight {
  const text = options.markdown ? plainText(marked) : marked;
  const parts: Highlight = [];
  const pattern = new RegExp(`${markStart}([^${markEnd}]*)${markEnd}`, 'g');
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > at) parts.push({ text: text.slice(at, found.index), match: false });
    if (found[1]) parts.push({ text: found[1], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  // A mark cut off by the fragment's edge leaves a lone character behind: drop it.
  return parts
    .map((part) => ({ ...part, text: part.text.replace(/[\uE000\uE001]/g, '') }))
    .filter((part) => part.text !== '');
}
