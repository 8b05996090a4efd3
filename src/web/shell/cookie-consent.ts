import { useSyncExternalStore } from 'react';

export const CONSENT_COOKIE = 'cookie-consent';
/** 365 days (SPEC §9). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const BANNER_SHOW_DELAY_MS = 500;
export const BANNER_HIDE_DELAY_MS = 300;

export type ConsentValue = 'accepted' | 'rejected';

/** The stored choice, or null when the visitor has not chosen yet. */
export function readConsent(cookieHeader: string): ConsentValue | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'rejected')) return value;
  }
  return null;
}

function writeConsentCookie(value: ConsentValue): void {
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

function deleteConsentCookie(): void {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** hidden → (500 ms) → visible → choice → leaving → (300 ms, fade-out) → hidden */
export type BannerPhase = 'hidden' | 'visible' | 'leaving';

let phase: BannerPhase = 'hidden';
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setPhase(next: BannerPhase): void {
  phase = next;
  for (const listener of listeners) listener();
}

function schedule(next: BannerPhase, delay: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    setPhase(next);
  }, delay);
}

function scheduleIfUndecided(): void {
  if (readConsent(document.cookie) === null) schedule('visible', BANNER_SHOW_DELAY_MS);
}

/**
 * Called when the banner mounts: shows it after 500 ms if no choice is stored. Returns a
 * cleanup that cancels a pending appearance (unmount, StrictMode's double effects).
 */
function start(): () => void {
  if (phase === 'hidden') scheduleIfUndecided();
  return () => {
    if (phase === 'hidden') clearTimeout(timer);
  };
}

/** Accept or Decline: stores the choice, fades the banner out, removes it 300 ms later. */
function choose(value: ConsentValue): void {
  writeConsentCookie(value);
  setPhase('leaving');
  schedule('hidden', BANNER_HIDE_DELAY_MS);
}

/** Forgets the choice (privacy page); the banner asks again 500 ms later. */
function reset(): void {
  deleteConsentCookie();
  clearTimeout(timer);
  setPhase('hidden');
  scheduleIfUndecided();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getPhase(): BannerPhase {
  return phase;
}

export const cookieBanner = { start, choose, reset, subscribe, getPhase };

export function useBannerPhase(): BannerPhase {
  return useSyncExternalStore(subscribe, getPhase, () => 'hidden');
}
