import { filmIdOf } from '../../shared/film-address';
import { cutText } from '../../shared/excerpt';
import { findSiteRoute } from '../../shared/routes';
import { socialImageHeight, socialImagePath, socialImageWidth } from '../../shared/social-image';

/** What a page says about itself, from its content (a thread's title, an article's summary). */
export interface DeclaredHead {
  /** The page's own title, without the site name. */
  title?: string;
  description?: string;
  /** Open Graph type. */
  type?: 'website' | 'article' | 'profile';
  /** schema.org objects, written as JSON-LD by the server. */
  jsonLd?: readonly object[];
}

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** Private and error pages are kept out of search engines. */
  noindex: boolean;
  type: 'website' | 'article' | 'profile';
  siteName: string;
  /** The page's social preview image, for public pages. */
  image: string | null;
  imageAlt: string;
  jsonLd: readonly object[];
  /** Atom feeds of the section, for feed readers. */
  feeds: readonly { title: string; href: string }[];
}

export const titleMax = 70;
export const descriptionMax = 160;

function feedsOf(pathname: string, siteName: string): PageHead['feeds'] {
  if (pathname === '/news' || pathname.startsWith('/news/')) {
    return [{ title: `${siteName} news`, href: '/feeds/news.xml' }];
  }
  if (pathname === '/forum' || pathname.startsWith('/forum/')) {
    return [{ title: `${siteName} forum`, href: '/feeds/forum.xml' }];
  }
  const film = /^\/films\/([^/]+)$/.exec(pathname)?.[1];
  const filmId = filmIdOf(film);
  if (filmId !== null) {
    return [{ title: `${siteName} · reviews of this film`, href: `/feeds/films/${filmId}.xml` }];
  }
  return [];
}

/**
 * The <head> of the page at `pathname`: the route table's title and description, replaced by
 * what the page declares from its content; `{title} · {site name}`; a canonical link made of
 * the origin and the path (never the query string); the social image of public pages.
 * The server writes it into the first response and the browser keeps it in step as the reader
 * moves around.
 */
export function pageHead(options: {
  pathname: string;
  site: { name: string; description: string };
  origin: string;
  declared?: DeclaredHead | undefined;
  status?: number;
}): PageHead {
  const { pathname, site, origin, declared, status = 200 } = options;
  const route = findSiteRoute(pathname);
  const found = route !== undefined && status < 400;
  const pageTitle = found
    ? (declared?.title ?? route.title)
    : status === 410
      ? 'Gone'
      : status >= 400 && status !== 404
        ? 'Something went wrong'
        : 'Page Not Found';
  const indexable = found && route.public === true;
  const description = found
    ? (declared?.description ?? route.description)
    : 'The page you asked for does not exist.';
  const title = `${cutText(pageTitle, titleMax)} · ${site.name}`;
  return {
    title,
    description: cutText(description || site.description, descriptionMax),
    canonical: `${origin}${pathname}`,
    noindex: !indexable,
    type: declared?.type ?? 'website',
    siteName: site.name,
    image: indexable ? `${origin}${socialImagePath(pathname)}` : null,
    imageAlt: title,
    jsonLd: indexable ? (declared?.jsonLd ?? []) : [],
    feeds: feedsOf(pathname, site.name),
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * JSON inside a <script> element: `<`, `>` and `&` escaped so no text can close the element or
 * open a comment, and the two line separators JavaScript once refused.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The tags the server writes into <head> for the first load. */
export function headHtml(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
  ];
  if (head.noindex) {
    tags.push(meta('name', 'robots', 'noindex'));
  } else {
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  }
  tags.push(
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', String(socialImageWidth)),
      meta('property', 'og:image:height', String(socialImageHeight)),
      meta('property', 'og:image:alt', head.imageAlt),
      meta('name', 'twitter:image', head.image),
    );
  }
  for (const feed of head.feeds) {
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}" />`,
    );
  }
  for (const data of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join('\n    ');
}

function upsert<K extends 'meta' | 'link'>(
  doc: Document,
  tag: K,
  selector: string,
  attributes: Record<string, string> | null,
): void {
  let element = doc.head.querySelector(selector);
  if (attributes === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = doc.createElement(tag);
    doc.head.append(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/**
 * Updates the tags in place as the reader moves between pages, so the ones the server wrote are
 * reused, not duplicated. Structured data stays as the server wrote it for the first page.
 */
export function applyPageHead(doc: Document, head: PageHead): void {
  doc.title = head.title;
  upsert(doc, 'meta', 'meta[name="description"]', {
    name: 'description',
    content: head.description,
  });
  upsert(
    doc,
    'link',
    'link[rel="canonical"]',
    head.noindex ? null : { rel: 'canonical', href: head.canonical },
  );
  upsert(
    doc,
    'meta',
    'meta[name="robots"]',
    head.noindex ? { name: 'robots', content: 'noindex' } : null,
  );
  const property = (key: string, content: string | null) =>
    upsert(
      doc,
      'meta',
      `meta[property="${key}"]`,
      content === null ? null : { property: key, content },
    );
  property('og:title', head.title);
  property('og:description', head.description);
  property('og:url', head.canonical);
  property('og:type', head.type);
  property('og:image', head.image);
}
