import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/axe';
import {
  advance,
  appStarted,
  holdAppScripts,
  installPausedClock,
  openBeforeAppStarts,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

const YEAR_SECONDS = 365 * 24 * 60 * 60;

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

async function consentCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'cookie-consent');
}

/** Opens `path` with the clock paused, once the page's heading is on screen. */
async function openPaused(page: Page, path: string) {
  await installPausedClock(page);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** The banner's words and links (SPEC §9), whichever copy shows them. */
async function expectBannerContent(banner: Locator) {
  expect(await banner.getByText('We use cookies to improve your experience').isVisible()).toBe(
    true,
  );
  expect(await banner.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
    '/privacy',
  );
  expect(await banner.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
    '/terms',
  );
  expect(await banner.getByRole('button', { name: 'Decline' }).isVisible()).toBe(true);
}

describe('cookie banner before the app starts (its scripts held back)', () => {
  it('appears 500 ms after load, takes Accept, and is gone 300 ms later, without the app', async () => {
    const page = await browser.newPage();
    await installPausedClock(page);
    const release = await holdAppScripts(page);
    await openBeforeAppStarts(page, '/', 'load');
    const banner = bannerOf(page);

    await advance(page, 499);
    expect(await banner.count()).toBe(0);
    await advance(page, 1);
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('id')).toBe('vp-cookie-banner');
    await expectBannerContent(banner);
    await checkA11y(page, 'home with the server-drawn cookie banner');

    await banner.getByRole('button', { name: 'Accept' }).click();
    const cookie = await consentCookie(page);
    expect(cookie?.value).toBe('accepted');
    expect(cookie?.sameSite).toBe('Lax');
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_SECONDS))).toBeLessThan(120);
    await advance(page, 299);
    expect(await banner.count()).toBe(1);
    await advance(page, 1);
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();

    release();
    await appStarted(page);
    await advance(page, 1_000);
    expect(await banner.count()).toBe(0);
  });

  it('hands over to the app when it starts: still one banner, whose Decline works', async () => {
    const page = await browser.newPage();
    const release = await holdAppScripts(page);
    await openBeforeAppStarts(page, '/about', 'load');
    const banner = bannerOf(page);
    await banner.waitFor();
    expect(await banner.getAttribute('id')).toBe('vp-cookie-banner');

    release();
    await appStarted(page);
    // The app's own banner, in place of the server's: one region, no id.
    await page.waitForFunction(() => document.getElementById('vp-cookie-banner') === null);
    expect(await banner.count()).toBe(1);
    expect(await banner.getAttribute('id')).toBeNull();
    await banner.getByRole('button', { name: 'Decline' }).click();
    expect((await consentCookie(page))?.value).toBe('rejected');
    await banner.waitFor({ state: 'detached' });
  });
});

describe('cookie banner', () => {
  it('appears 500 ms after load; Accept stores the choice for a year and removes it 300 ms later', async () => {
    const page = await browser.newPage();
    await openPaused(page, '/');
    const banner = bannerOf(page);

    await advance(page, 499);
    expect(await banner.count()).toBe(0);
    await advance(page, 1);
    expect(await banner.isVisible()).toBe(true);
    await expectBannerContent(banner);
    await checkA11y(page, 'home with the cookie banner');

    await banner.getByRole('button', { name: 'Accept' }).click();
    const cookie = await consentCookie(page);
    expect(cookie?.value).toBe('accepted');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    // Max-Age is counted by the browser from the real time.
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_SECONDS))).toBeLessThan(120);

    await advance(page, 299);
    expect(await banner.count()).toBe(1);
    await advance(page, 1);
    expect(await banner.count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await advance(page, 2_000);
    expect(await banner.count()).toBe(0);
  });

  it('Decline stores rejected and removes the banner', async () => {
    const page = await browser.newPage();
    await openPaused(page, '/about');
    await advance(page, 500);
    const banner = bannerOf(page);
    await banner.getByRole('button', { name: 'Decline' }).click();

    const cookie = await consentCookie(page);
    expect(cookie?.value).toBe('rejected');
    expect(cookie?.sameSite).toBe('Lax');
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_SECONDS))).toBeLessThan(120);

    await advance(page, 300);
    expect(await banner.count()).toBe(0);
    await checkA11y(page, 'about');
  });

  it('the privacy page resets the choice after a confirmation; Cancel keeps it', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await openPaused(page, '/privacy');
    await advance(page, 1_000);
    expect(await bannerOf(page).count()).toBe(0);
    await checkA11y(page, 'privacy');

    const reset = page.getByRole('button', { name: 'Reset cookie choice' });
    const dialog = page.getByRole('dialog', { name: 'Reset cookie choice?' });

    // Cancel: the dialog closes and nothing changes.
    await reset.click();
    await advance(page, 500); // the modal's opening transition
    await dialog.waitFor();
    expect(await dialog.getByText('The cookie banner will ask you again.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Reset' }).isVisible()).toBe(true);
    await checkA11y(page, 'privacy with the confirm dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await advance(page, 1_000);
    expect(await dialog.count()).toBe(0);
    expect((await consentCookie(page))?.value).toBe('accepted');
    expect(await bannerOf(page).count()).toBe(0);

    // Reset: the cookie goes, a toast says so, the banner asks again 500 ms later.
    await reset.click();
    await advance(page, 500);
    await dialog.getByRole('button', { name: 'Reset' }).click();
    expect(await consentCookie(page)).toBeUndefined();
    const toast = page.getByTestId('toast').filter({ hasText: 'Cookie choice cleared' });
    await toast.waitFor();
    await advance(page, 499);
    expect(await bannerOf(page).count()).toBe(0);
    await advance(page, 1);
    expect(await bannerOf(page).isVisible()).toBe(true);
    expect(await dialog.count()).toBe(0);
  });
});
