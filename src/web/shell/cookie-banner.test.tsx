import { act, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BANNER_HIDE_DELAY_MS,
  BANNER_SHOW_DELAY_MS,
  BANNER_STATE_ATTRIBUTE,
  consentCookie,
  readConsent,
  SERVER_BANNER_ID,
} from '../../shared/cookie-consent';
import { runCookieBannerScript } from '../test/before-app';
import { renderWithTheme } from '../test/render';
import { CookieBanner, CookieBannerView } from './cookie-banner';
import { cookieBanner } from './cookie-consent';
import { ThemeProvider } from './theme-provider';

function renderBanner() {
  return renderWithTheme(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );
}

function banner(): HTMLElement | null {
  return screen.queryByRole('region', { name: 'Cookie consent' });
}

describe('cookie banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The banner's state is app-wide; each test must start from a hidden banner.
    expect(cookieBanner.getPhase()).toBe('hidden');
  });
  afterEach(() => {
    if (cookieBanner.getPhase() === 'visible')
      act(() => {
        cookieBanner.choose('rejected');
      });
    act(() => {
      vi.runOnlyPendingTimers();
    });
    document.cookie = 'cookie-consent=; Max-Age=0; Path=/';
    document.documentElement.removeAttribute(BANNER_STATE_ATTRIBUTE);
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('appears 500 ms after load when no choice is stored', () => {
    renderBanner();
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(banner()).toBeNull();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    const region = banner();
    expect(region?.textContent).toContain('We use cookies to improve your experience');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
  });

  it('Accept writes a 365-day SameSite=Lax cookie and removes the banner 300 ms later', () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    renderBanner();
    act(() => {
      vi.advanceTimersByTime(500);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    expect(setCookie).toHaveBeenCalledWith(
      'cookie-consent=accepted; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(readConsent(document.cookie)).toBe('accepted');
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(banner()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(banner()).toBeNull();
  });

  it('Decline stores rejected', () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    renderBanner();
    act(() => {
      vi.advanceTimersByTime(500);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));

    expect(setCookie).toHaveBeenCalledWith(
      'cookie-consent=rejected; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(banner()).toBeNull();
  });

  it('stays hidden when a choice is stored, and asks again 500 ms after a reset', () => {
    document.cookie = 'cookie-consent=accepted; Path=/';
    renderBanner();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(banner()).toBeNull();

    act(() => {
      cookieBanner.reset();
    });
    expect(readConsent(document.cookie)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(banner()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(banner()).not.toBeNull();
  });
});

describe('the banner the server drew, before the app starts', () => {
  const state = () => document.documentElement.getAttribute(BANNER_STATE_ATTRIBUTE);
  /** The server's copy of the banner, as markup after the app's root: only the page's script. */
  function drawServerBanner() {
    const markup = renderToString(
      <ThemeProvider>
        <MemoryRouter>
          <CookieBannerView id={SERVER_BANNER_ID} leaving={false} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    document.body.insertAdjacentHTML('beforeend', markup);
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runOnlyPendingTimers();
    document.cookie = 'cookie-consent=; Max-Age=0; Path=/';
    document.documentElement.removeAttribute(BANNER_STATE_ATTRIBUTE);
    document.getElementById(SERVER_BANNER_ID)?.remove();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('is due 500 ms after load; its Decline stores the choice for a year and it leaves 300 ms later', () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    drawServerBanner();
    // jsdom has loaded the page already: the script counts from now.
    runCookieBannerScript();
    expect(state()).toBe('waiting');
    vi.advanceTimersByTime(BANNER_SHOW_DELAY_MS - 1);
    expect(state()).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(state()).toBe('visible');

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(setCookie).toHaveBeenCalledWith(consentCookie('rejected'));
    expect(readConsent(document.cookie)).toBe('rejected');
    expect(state()).toBe('leaving');
    vi.advanceTimersByTime(BANNER_HIDE_DELAY_MS);
    expect(state()).toBeNull();
    expect(document.getElementById(SERVER_BANNER_ID)).toBeNull();
  });

  it('stays away when a choice is stored', () => {
    document.cookie = 'cookie-consent=accepted; Path=/';
    runCookieBannerScript();
    vi.advanceTimersByTime(2000);
    expect(state()).toBeNull();
  });

  it('hands over to the app: one banner, the app’s, in the state the page left it', () => {
    drawServerBanner();
    runCookieBannerScript();
    vi.advanceTimersByTime(BANNER_SHOW_DELAY_MS);
    renderBanner();

    expect(screen.getAllByRole('region', { name: 'Cookie consent' })).toHaveLength(1);
    expect(document.getElementById(SERVER_BANNER_ID)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(readConsent(document.cookie)).toBe('accepted');
    act(() => {
      vi.advanceTimersByTime(BANNER_HIDE_DELAY_MS);
    });
    expect(banner()).toBeNull();
  });
});

describe('readConsent', () => {
  it('reads only the two known values', () => {
    expect(readConsent('a=1; cookie-consent=accepted')).toBe('accepted');
    expect(readConsent('cookie-consent=rejected')).toBe('rejected');
    expect(readConsent('cookie-consent=maybe')).toBeNull();
    expect(readConsent('')).toBeNull();
  });
});
