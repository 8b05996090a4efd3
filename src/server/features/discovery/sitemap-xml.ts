import { escapeXml, xmlTime } from './xml.js';

/** The sitemap protocol's documents (sitemaps.org 0.9): a page of URLs and the index of pages. */

const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap protocol allows at most this many URLs in one sitemap. */
export const maxUrlsPerSitemap = 50_000;

export interface SitemapUrl {
  /** Absolute. */
  loc: string;
  lastmod?: Date | null | undefined;
}

const lastmodOf = (date: Date | null | undefined) =>
  date ? `<lastmod>${xmlTime(date)}</lastmod>` : '';

export const urlsetStart = `${declaration}<urlset xmlns="${namespace}">\n`;
export const urlsetEnd = '</urlset>\n';

export const urlEntries = (urls: SitemapUrl[]) =>
  urls
    .map((url) => `  <url><loc>${escapeXml(url.loc)}</loc>${lastmodOf(url.lastmod)}</url>\n`)
    .join('');

export function sitemapIndex(sitemaps: { loc: string; lastmod: Date }[]): string {
  const entries = sitemaps.map(
    (sitemap) =>
      `  <sitemap><loc>${escapeXml(sitemap.loc)}</loc>${lastmodOf(sitemap.lastmod)}</sitemap>\n`,
  );
  return `${declaration}<sitemapindex xmlns="${namespace}">\n${entries.join('')}</sitemapindex>\n`;
}
