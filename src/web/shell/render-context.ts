import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { DeclaredHead } from './head';

/**
 * What a server render learns from the pages it renders: the HTTP status (a missing thread is
 * a 404, a deleted one a 410) and the <head> the page declares from its content. The browser
 * has no collector; there the declared head goes to a small store that HeadSync follows.
 */
export interface RenderCollector {
  /** The public origin, for the absolute addresses of structured data. */
  origin: string;
  status?: number;
  head?: DeclaredHead;
}

export const RenderCollectorContext = createContext<RenderCollector | null>(null);

/** The status the first response for this page should carry (no effect in the browser). */
export function useHttpStatus(status: number): void {
  const collector = useContext(RenderCollectorContext);
  if (collector) collector.status = status;
}

/** `useHttpStatus` as an element, for pages that answer with a status in one branch. */
export function HttpStatus({ code }: { code: number }) {
  useHttpStatus(code);
  return null;
}

let declared: { pathname: string; head: DeclaredHead } | null = null;
const listeners = new Set<() => void>();

function setDeclared(next: typeof declared): void {
  declared = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The head the page at `pathname` declared, if it has declared one. */
export function useDeclaredHeadOf(pathname: string): DeclaredHead | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => declared,
    () => null,
  );
  return current?.pathname === pathname ? current.head : undefined;
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
    : null;
  useEffect(() => {
    if (visible === null) return;
    const entry = { pathname, head: JSON.parse(visible) as DeclaredHead };
    setDeclared(entry);
    return () => {
      if (declared === entry) setDeclared(null);
    };
  }, [pathname, visible]);
}
