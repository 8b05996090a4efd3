import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test/render';
import { CookieBanner } from './cookie-banner';
import { cookieBanner, readConsent } from './cookie-consent';

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

describe('readConsent', () => {
  it('reads only the two known values', () => {
    expect(readConsent('a=1; cookie-consent=accepted')).toBe('accepted');
    expect(readConsent('cookie-consent=rejected')).toBe('rejected');
    expect(readConsent('cookie-consent=maybe')).toBeNull();
    expect(readConsent('')).toBeNull();
  });
});
