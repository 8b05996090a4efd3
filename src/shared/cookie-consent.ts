/**
 * Cookie consent (SPEC §4, §9): the stored choice, the banner's timing, and how the page the
 * server draws carries the banner before the app starts. Read by the server (whether to draw
 * the banner) and the web app (the banner itself).
 */
export const CONSENT_COOKIE = 'cookie-consent';
/** 365 days. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The banner appears this long after the page's `load` event, when no choice is stored. */
export const BANNER_SHOW_DELAY_MS = 500;
/** A choice fades the banner out; it is gone this long after. */
export const BANNER_HIDE_DELAY_MS = 300;

/** The banner the server draws (hidden) into a page, for use before the app starts. */
export const SERVER_BANNER_ID = 'vp-cookie-banner';
/**
 * The attribute of <html> that holds the banner's state, shared by the page's inline script
 * and the app: `waiting` (to appear after load), `visible`, `leaving`; none when hidden.
 */
export const BANNER_STATE_ATTRIBUTE = 'data-cookie-banner';

export type ConsentValue = 'accepted' | 'rejected';

/** The stored choice, or null when the visitor has not chosen yet. */
export function readConsent(cookieHeader: string): ConsentValue | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'rejected')) return value;
  }
  return null;
}

/** The Set-Cookie text of a choice: a year, the whole site, same-site. */
export function consentCookie(value: ConsentValue | ''): string {
  const maxAge = value === '' ? 0 : CONSENT_MAX_AGE_SECONDS;
  return `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}
