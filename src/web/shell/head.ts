import { findSiteRoute } from '../../shared/routes';

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
}

/**
 * The <head> of the page at `pathname`, matching what the server writes into index.html for
 * the first load: `{route title} · {site name}`, the route's description, and a canonical link
 * made of the origin and the path (never the query string).
 */
export function pageHead(
  pathname: string,
  site: { name: string; description: string },
  origin: string,
): PageHead {
  const route = findSiteRoute(pathname);
  return {
    title: `${route ? route.title : 'Page Not Found'} · ${site.name}`,
    description: route ? route.description : site.description,
    canonical: `${origin}${pathname}`,
  };
}

function upsert<K extends 'meta' | 'link'>(
  doc: Document,
  tag: K,
  selector: string,
  attributes: Record<string, string>,
): void {
  let element = doc.head.querySelector(selector);
  if (!element) {
    element = doc.createElement(tag);
    doc.head.append(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/** Updates the tags in place, so the ones the server wrote are reused, not duplicated. */
export function applyPageHead(doc: Document, head: PageHead): void {
  doc.title = head.title;
  upsert(doc, 'meta', 'meta[name="description"]', {
    name: 'description',
    content: head.description,
  });
  upsert(doc, 'link', 'link[rel="canonical"]', { rel: 'canonical', href: head.canonical });
}
