import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const { baseURL } = browser;

async function expectSentToLogin(page: Page, wanted: string) {
  const toast = page.getByTestId('toast').filter({ hasText: 'Authentication Required' });
  await toast.waitFor();
  expect(await toast.getByText('Please log in to continue').isVisible()).toBe(true);
  await page.waitForURL(`${baseURL}/auth/login?redirect=${encodeURIComponent(wanted)}`);
  const url = new URL(page.url());
  expect(url.searchParams.get('redirect')).toBe(wanted);
  await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
}

describe('route guards (signed out)', () => {
  it('/admin asks to log in and sends the visitor to the login page', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/admin');
    await expectSentToLogin(page, '/admin');
    expect(page.url()).toBe(`${baseURL}/auth/login?redirect=%2Fadmin`);
    await checkA11y(page, 'login after the guard');
  });

  it('/moderator/users keeps the path and query in the redirect', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/moderator/users?q=ann');
    await expectSentToLogin(page, '/moderator/users?q=ann');
  });

  it('a guarded link followed inside the app is stopped too', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Client-side navigation, as a link in the app would do it.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/user-profile');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectSentToLogin(page, '/user-profile');
  });
});
