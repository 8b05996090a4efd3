import type { FocusEvent, MouseEvent, TouchEvent } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps, type To } from 'react-router';
import { pageModuleForPath } from '../page-modules';
import { createPrefetcher } from './prefetch';

const routePrefetcher = createPrefetcher();

function pathnameOf(to: To): string | undefined {
  const raw = typeof to === 'string' ? to : to.pathname;
  if (raw === undefined) return undefined;
  // Only our own absolute paths name a route module; search and hash don't change which.
  return raw.startsWith('/') ? raw.split(/[?#]/)[0] : undefined;
}

/** Starts loading the code of the page at `to`, if it is one of ours. */
export function prefetchRoute(to: To): void {
  const pathname = pathnameOf(to);
  if (pathname === undefined) return;
  const load = pageModuleForPath(pathname);
  if (load) routePrefetcher.prefetch(pathname, load);
}

interface IntentHandlers<E extends Element> {
  onMouseEnter?: (event: MouseEvent<E>) => void;
  onFocus?: (event: FocusEvent<E>) => void;
  onTouchStart?: (event: TouchEvent<E>) => void;
}

function withPrefetch<E extends Element>(to: To, handlers: IntentHandlers<E>) {
  return {
    onMouseEnter: (event: MouseEvent<E>) => {
      handlers.onMouseEnter?.(event);
      prefetchRoute(to);
    },
    onFocus: (event: FocusEvent<E>) => {
      handlers.onFocus?.(event);
      prefetchRoute(to);
    },
    onTouchStart: (event: TouchEvent<E>) => {
      handlers.onTouchStart?.(event);
      prefetchRoute(to);
    },
  };
}

/** A react-router Link whose hover, focus or touch loads the target page's code early. */
export function PrefetchLink(props: LinkProps) {
  return <Link {...props} {...withPrefetch(props.to, props)} />;
}

/** The same for NavLink, which marks the current page with aria-current. */
export function PrefetchNavLink(props: NavLinkProps) {
  return <NavLink {...props} {...withPrefetch(props.to, props)} />;
}
