import { useEffect, useMemo, useState, type CSSProperties } from 'react';

/** What the walk reads of an infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => unknown;
}

interface LinkedItemOptions {
  /** The item the address links to (`?reply=`, `?message=`); null when it links to none. */
  wanted: number | null;
  /** The ids of the items loaded so far, in any order. */
  ids: readonly number[];
  /** Where the next page reaches: replies load towards newer ids, chat history towards older. */
  towards: 'newer' | 'older';
  query: PagedQuery;
  /** The DOM id of an item's element. */
  elementId: (id: number) => string;
}

/** Where the walk for one wanted id ended: the item scrolled to, null when nothing is loaded. */
interface Landing {
  wanted: number;
  target: number | null;
}

/** The loaded item closest to `wanted` on its side of the pages, and whether the pages reach it. */
function nearest(ids: readonly number[], wanted: number, towards: 'newer' | 'older') {
  let beyond: number | null = null;
  let short: number | null = null;
  for (const id of ids) {
    const passed = towards === 'newer' ? id >= wanted : id <= wanted;
    if (passed) {
      if (beyond === null || Math.abs(id - wanted) < Math.abs(beyond - wanted)) beyond = id;
    } else if (short === null || Math.abs(id - wanted) < Math.abs(short - wanted)) {
      short = id;
    }
  }
  return { reached: beyond !== null, target: beyond ?? short };
}

/**
 * Smooth when the item is near (within two screens) and the reader does not prefer less
 * motion; a jump otherwise, since a smooth scroll across a long thread takes seconds.
 */
function scrollBehavior(element: HTMLElement): ScrollBehavior {
  const reduced =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const distance = Math.abs(element.getBoundingClientRect().top);
  return reduced || distance > 2 * window.innerHeight ? 'auto' : 'smooth';
}

/** A positive id from the address, or null when it holds none (or nonsense). */
export function parseLinkedId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Opens a paged list at the item a link names (a search result): loads further pages until
 * the loaded items reach its id, then scrolls it into view, gives it focus for screen readers
 * and returns its id so its row can stand out. Each wanted id is walked to once. An item that
 * is gone (deleted, hidden) leaves the list at the nearest loaded item, scrolled to but not
 * marked. Motion follows the reader's preference.
 */
export function useLinkedItem({ wanted, ids, towards, query, elementId }: LinkedItemOptions) {
  const [landing, setLanding] = useState<Landing | null>(null);
  const arrived = wanted !== null && landing?.wanted === wanted;
  const { isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const place = useMemo(
    () => (wanted === null || arrived ? null : nearest(ids, wanted, towards)),
    [arrived, ids, towards, wanted],
  );

  useEffect(() => {
    if (wanted === null || place === null || isPending || isFetchingNextPage) return;
    // A page that failed to load ends the walk where it is: the list shows its error.
    if (!place.reached && hasNextPage && !isError) {
      // A second call while one page is on its way joins it rather than starting over.
      void fetchNextPage({ cancelRefetch: false });
      return;
    }
    setLanding({ wanted, target: place.target });
  }, [fetchNextPage, hasNextPage, isError, isFetchingNextPage, isPending, place, wanted]);

  const target = arrived ? landing.target : null;
  const linkedId = target !== null && target === wanted ? target : null;

  // Runs once the row has rendered as linked (focusable), so focus can land on it.
  useEffect(() => {
    if (target === null) return;
    const element = document.getElementById(elementId(target));
    if (!element) return;
    element.scrollIntoView({ behavior: scrollBehavior(element), block: 'center' });
    if (target === linkedId) element.focus({ preventScroll: true });
  }, [elementId, linkedId, target]);

  return {
    /** The linked item, once loaded and scrolled to; null while walking or when it is gone. */
    linkedId,
    /** The item the walk scrolled to: the linked one, or the nearest when it is gone. */
    landedAt: target,
    /** The walk is under way: the list should not jump elsewhere meanwhile. */
    walking: wanted !== null && !arrived,
  };
}

/**
 * The accent a linked item wears, in both colour schemes: the primary colour's light tint
 * behind the text (body text keeps its contrast) and an outline in the primary text colour
 * (deep amber on light, 6.8:1; light amber on dark). Inline, so it wins over a row's own
 * hover or mention tint.
 */
const linkedStyle: CSSProperties = {
  backgroundColor: 'var(--mantine-primary-color-light)',
  outline: '2px solid var(--mantine-primary-color-light-color)',
  outlineOffset: '-2px',
};

/** Props for a row that is the linked item: marked current, focusable from script, accented. */
export function linkedItemProps(linked: boolean) {
  return linked
    ? { 'aria-current': 'true' as const, tabIndex: -1, style: linkedStyle, 'data-linked': true }
    : {};
}
