import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteRoutes } from '../src/shared/routes';
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

describe('pending pages', () => {
  const pending = siteRoutes.filter(
    (route) => route.pending && !route.requiresAuth && !route.path.includes(':'),
  );

  it.each(pending.map((route) => [route.path, route.title] as const))(
    '%s answers 200 and says it is not available yet',
    async (path, title) => {
      const raw = await fetch(baseURL + path);
      expect(raw.status).toBe(200);

      const page = await browser.newPage({ consent: 'accepted' });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByText('This page is not available yet.').isVisible()).toBe(true);
      const home = page.getByRole('main').getByRole('link', { name: /home/i });
      expect(await home.getAttribute('href')).toBe('/');
      expect(await page.title()).toBe(`${title} · Viewpoint`);
      await checkA11y(page, path);
    },
  );

  const withParameters = siteRoutes
    .filter((route) => route.pending && !route.requiresAuth && route.path.includes(':'))
    .map((route) => [route.path.replace(/:[a-z]+/gi, '12'), route.title] as const);

  it.each(withParameters)('%s (a page with parameters) is pending too', async (path, title) => {
    const page = await browser.newPage({ consent: 'accepted' });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByText('This page is not available yet.').isVisible()).toBe(true);
  });
});
