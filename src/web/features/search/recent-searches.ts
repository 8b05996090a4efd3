import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { searchLimits } from '../../../shared/search';

/**
 * The reader's last searches, kept in this browser only (never sent anywhere): the quick search
 * offers them while its box is empty.
 */
export const RECENT_SEARCHES_KEY = 'viewpoint:recent-searches';
export const recentSearchesMax = 8;

const stored = z.array(z.string());
const none: readonly string[] = [];

let cache: { raw: string | null; list: readonly string[] } = { raw: null, list: none };
const listeners = new Set<() => void>();

/** The stored list, newest first; storage that is blocked or holds junk reads as empty. */
export function readRecentSearches(): readonly string[] {
  if (typeof window === 'undefined') return none;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(RECENT_SEARCHES_KEY);
  } catch {
    return none;
  }
  // The same text gives the same array, as useSyncExternalStore requires.
  if (raw === cache.raw) return cache.list;
  let list: readonly string[] = none;
  try {
    const parsed = stored.safeParse(raw === null ? [] : JSON.parse(raw));
    if (parsed.success) list = parsed.data.slice(0, recentSearchesMax);
  } catch {
    list = none;
  }
  cache = { raw, list };
  return list;
}

function write(list: readonly string[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Full or blocked storage: recent searches are a convenience, searching goes on.
  }
  for (const listener of listeners) listener();
}

/** Puts `q` first, dropping an earlier copy (whatever its case), and keeps the last eight. */
export function rememberSearch(q: string): void {
  const query = q.trim().slice(0, searchLimits.queryMax);
  if (query === '') return;
  const rest = readRecentSearches().filter(
    (entry) => entry.toLocaleLowerCase() !== query.toLocaleLowerCase(),
  );
  write([query, ...rest].slice(0, recentSearchesMax));
}

export function clearRecentSearches(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's searches show here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENT_SEARCHES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentSearches(): readonly string[] {
  return useSyncExternalStore(subscribe, readRecentSearches, () => none);
}
