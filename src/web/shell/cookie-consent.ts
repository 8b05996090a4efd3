import { useSyncExternalStore } from 'react';
import {
  BANNER_HIDE_DELAY_MS,
  BANNER_SHOW_DELAY_MS,
  BANNER_STATE_ATTRIBUTE,
  consentCookie,
  readConsent,
  type ConsentValue,
} from '../../shared/cookie-consent';

/** hidden → (500 ms after load) → visible → choice → leaving → (300 ms, fade-out) → hidden */
export type BannerPhase = 'hidden' | 'visible' | 'leaving';

/*
 * The banner's state lives on <html> (BANNER_STATE_ATTRIBUTE), where the page's inline script
 * keeps it before the app starts (index.html): the banner shows 500 ms after load even while
 * the scripts are on their way, and the app carries on from whatever it finds.
 */
function readState(): string | null {
  return document.documentElement.getAttribute(BANNER_STATE_ATTRIBUTE);
}

function getPhase(): BannerPhase {
  const state = readState();
  return state === 'visible' || state === 'leaving' ? state : 'hidden';
}

let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
let observer: MutationObserver | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function setState(next: BannerPhase | 'waiting'): void {
  if (next === 'hidden') document.documentElement.removeAttribute(BANNER_STATE_ATTRIBUTE);
  else document.documentElement.setAttribute(BANNER_STATE_ATTRIBUTE, next);
  notify();
}

const undecided = () => readConsent(document.cookie) === null;

function schedule(next: BannerPhase, delay: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    // A choice made meanwhile (another tab) stands.
    setState(next === 'visible' && !undecided() ? 'hidden' : next);
  }, delay);
}

/**
 * Called when the banner mounts. The page's own script has already scheduled it when it ran;
 * where it did not (no server page), the banner shows 500 ms from now if no choice is stored.
 * Returns a cleanup that cancels that appearance (unmount, StrictMode's double effects).
 */
function start(): () => void {
  if (readState() !== null || !undecided()) return () => {};
  setState('waiting');
  schedule('visible', BANNER_SHOW_DELAY_MS);
  return () => {
    if (readState() !== 'waiting') return;
    clearTimeout(timer);
    timer = undefined;
    setState('hidden');
  };
}

/** Accept or Decline: stores the choice, fades the banner out, removes it 300 ms later. */
function choose(value: ConsentValue): void {
  document.cookie = consentCookie(value);
  setState('leaving');
  schedule('hidden', BANNER_HIDE_DELAY_MS);
}

/** Forgets the choice (privacy page); the banner asks again 500 ms later. */
function reset(): void {
  document.cookie = consentCookie('');
  setState('waiting');
  schedule('visible', BANNER_SHOW_DELAY_MS);
}

/** Follows the state however it changes: the page's script moves it before and after start. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!observer && typeof MutationObserver === 'function') {
    observer = new MutationObserver(notify);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: [BANNER_STATE_ATTRIBUTE],
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    observer?.disconnect();
    observer = null;
  };
}

export const cookieBanner = { start, choose, reset, subscribe, getPhase };

export function useBannerPhase(): BannerPhase {
  return useSyncExternalStore(subscribe, getPhase, () => 'hidden');
}
