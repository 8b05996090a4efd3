import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { DeclaredHead } from './head';

/**
 * What a server render learns from the pages it renders: the HTTP status (a missing thread is
 * a 404, a deleted one a 410) and the <head> the page declares from its content. The browser
 * has no collector; there both go to small stores that HeadSync follows, so the title a reader
 * sees after hydrating or navigating is the one the server wrote.
 */
export interface RenderCollector {
  /** The public origin, for the absolute addresses of structured data. */
  origin: string;
  status?: number;
  head?: DeclaredHead;
}

export const RenderCollectorContext = createContext<RenderCollector | null>(null);

/**
 * One thing the page on screen says about itself, for one path at a time. The value is a
 * primitive, so an effect that declares it runs only when it changes.
 */
function pageDeclaration<T extends string | number>() {
  let current: { pathname: string; value: T } | null = null;
  const listeners = new Set<() => void>();
  const set = (next: typeof current) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    /** The value the page at `pathname` declared, if it has declared one. */
    useOf(pathname: string): T | undefined {
      const entry = useSyncExternalStore(
        subscribe,
        () => current,
        () => null,
      );
      return entry?.pathname === pathname ? entry.value : undefined;
    },
    /** Declares `value` for `pathname` while the calling component is on screen. */
    useDeclare(pathname: string, value: T | undefined): void {
      useEffect(() => {
        if (value === undefined) return;
        const entry = { pathname, value };
        set(entry);
        return () => {
          if (current === entry) set(null);
        };
      }, [pathname, value]);
    },
  };
}

const declaredStatus = pageDeclaration<number>();
/** The visible parts of a declared head, as JSON. */
const declaredHead = pageDeclaration<string>();

/**
 * The status of the page: the first response for it carries it, and in the browser the head
 * follows it (a missing thread is titled 'Page Not Found' there too).
 */
export function useHttpStatus(status: number): void {
  const collector = useContext(RenderCollectorContext);
  if (collector) collector.status = status;
  declaredStatus.useDeclare(useLocation().pathname, status);
}

/** `useHttpStatus` as an element, for pages that answer with a status in one branch. */
export function HttpStatus({ code }: { code: number }) {
  useHttpStatus(code);
  return null;
}

/** The status the page at `pathname` declared, if it has declared one. */
export function useDeclaredStatusOf(pathname: string): number | undefined {
  return declaredStatus.useOf(pathname);
}

/** The head the page at `pathname` declared, if it has declared one. */
export function useDeclaredHeadOf(pathname: string): DeclaredHead | undefined {
  const visible = declaredHead.useOf(pathname);
  return useMemo(
    () => (visible === undefined ? undefined : (JSON.parse(visible) as DeclaredHead)),
    [visible],
  );
}

/**
 * A page's title, description and structured data (schema.org objects, given the origin)
 * from its content. On the server they are written into the first response; in the browser the
 * title and description replace the route's as the reader moves between pages.
 */
export function useDeclaredHead(
  head: Omit<DeclaredHead, 'jsonLd'> | undefined,
  structuredData?: (origin: string) => readonly object[],
): void {
  const collector = useContext(RenderCollectorContext);
  if (collector && head) {
    collector.head = { ...head, jsonLd: structuredData?.(collector.origin) ?? [] };
  }
  const { pathname } = useLocation();
  // The browser keeps the visible parts only; structured data is written by the server.
  const visible = head
    ? JSON.stringify({ title: head.title, description: head.description, type: head.type })
    : undefined;
  declaredHead.useDeclare(pathname, visible);
}
