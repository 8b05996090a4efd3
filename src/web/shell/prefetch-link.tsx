import {
  createContext,
  use,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
} from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps, type To } from 'react-router';
import { createPrefetcher, type PrefetcherOptions } from './prefetch';

/** The code of the page at `pathname`, or undefined when no page of ours serves it. */
export type PageLoaderLookup = (pathname: string) => (() => Promise<unknown>) | undefined;

/** Starts loading the page at a path; links outside a provider prefetch nothing. */
const RoutePrefetch = createContext<(pathname: string) => void>(() => {});

interface RoutePrefetchProviderProps extends PrefetcherOptions {
  /** The route table's answer to "which code serves this path": the shell knows no page. */
  pageLoaderFor: PageLoaderLookup;
  children: ReactNode;
}

/** Lets every link below it load its target page's code on intent, through one prefetcher. */
export function RoutePrefetchProvider({
  pageLoaderFor,
  children,
  ...options
}: RoutePrefetchProviderProps) {
  const [prefetchPath] = useState(() => {
    const prefetcher = createPrefetcher(options);
    return (pathname: string) => {
      const load = pageLoaderFor(pathname);
      if (load) prefetcher.prefetch(pathname, load);
    };
  });
  return <RoutePrefetch value={prefetchPath}>{children}</RoutePrefetch>;
}

function pathnameOf(to: To): string | undefined {
  const raw = typeof to === 'string' ? to : to.pathname;
  if (raw === undefined) return undefined;
  // Only our own absolute paths name a route module; search and hash don't change which.
  return raw.startsWith('/') ? raw.split(/[?#]/)[0] : undefined;
}

interface IntentHandlers<E extends Element> {
  onMouseEnter?: (event: MouseEvent<E>) => void;
  onFocus?: (event: FocusEvent<E>) => void;
  onTouchStart?: (event: TouchEvent<E>) => void;
}

function useIntentPrefetch<E extends Element>(to: To, handlers: IntentHandlers<E>) {
  const prefetchPath = use(RoutePrefetch);
  const prefetch = () => {
    const pathname = pathnameOf(to);
    if (pathname !== undefined) prefetchPath(pathname);
  };
  return {
    onMouseEnter: (event: MouseEvent<E>) => {
      handlers.onMouseEnter?.(event);
      prefetch();
    },
    onFocus: (event: FocusEvent<E>) => {
      handlers.onFocus?.(event);
      prefetch();
    },
    onTouchStart: (event: TouchEvent<E>) => {
      handlers.onTouchStart?.(event);
      prefetch();
    },
  };
}

/*
 * `discover="none"`: React Router marks links `data-discover` for its framework mode's lazy
 * route discovery, which this app (data mode, every route known) never runs; the attribute was
 * twenty bytes on every link of every page.
 */

/** A react-router Link whose hover, focus or touch loads the target page's code early. */
export function PrefetchLink(props: LinkProps) {
  return <Link discover="none" {...props} {...useIntentPrefetch(props.to, props)} />;
}

/** The same for NavLink, which marks the current page with aria-current. */
export function PrefetchNavLink(props: NavLinkProps) {
  return <NavLink discover="none" {...props} {...useIntentPrefetch(props.to, props)} />;
}
