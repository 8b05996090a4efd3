import { filmLimits } from '../../../shared/films';

/** A page number from an address: a whole number from 1 to the last page a list may have. */
export function pageOf(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= filmLimits.pagesMax ? page : 1;
}

/**
 * `current` with `change` applied: an empty value and a default leave the address, and any
 * change but the page's starts the list again at page 1.
 */
export function withChange(
  current: URLSearchParams,
  change: Record<string, string | number | null | undefined>,
  defaults: Record<string, string>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!('page' in change)) next.delete('page');
  for (const [key, value] of Object.entries(change)) {
    const written = value === null || value === undefined ? '' : String(value).trim();
    if (written === '' || defaults[key] === written) next.delete(key);
    else next.set(key, written);
  }
  return next;
}
