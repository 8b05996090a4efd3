import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/axe';
import { advance, installPausedClock, settle, useBrowser } from './support/browser';

const browser = useBrowser();

declare global {
  interface Window {
    __beforeReload?: boolean;
  }
}

async function servedBuildId(): Promise<string> {
  const response = await fetch(`${browser.baseURL}/builds/latest.json`);
  expect(response.headers.get('cache-control')).toContain('no-store');
  const body = (await response.json()) as { id: string };
  expect(typeof body.id).toBe('string');
  return body.id;
}

/** Answers the app's polls with `current.id`, counting them. */
async function fakeLatestBuild(page: Page, current: { id: string }) {
  const polls = { count: 0 };
  await page.route('**/builds/latest.json', async (route: Route) => {
    polls.count += 1;
    await route.fulfill({
      json: { id: current.id },
      headers: { 'cache-control': 'no-store' },
    });
  });
  return polls;
}

/** Triggers a poll, then waits until the page has read the answer and acted on it. */
async function poll(page: Page, trigger: () => Promise<void>) {
  const answered = page.waitForResponse('**/builds/latest.json');
  await trigger();
  await (await answered).finished();
  await settle(page);
  await settle(page);
}

const noticeOf = (page: Page) =>
  page.getByTestId('toast').filter({ hasText: 'A new version is available' });

describe('new-version notice', () => {
  it('polls every 60 s and offers a reload once the build id changes', async () => {
    const build = { id: await servedBuildId() };
    const page = await browser.newPage({ consent: 'accepted' });
    const polls = await fakeLatestBuild(page, build);
    await installPausedClock(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Same build deployed: the poll finds nothing new.
    const before = polls.count;
    await poll(page, () => advance(page, 60_000));
    expect(polls.count).toBe(before + 1);
    expect(await noticeOf(page).count()).toBe(0);

    // A new build is deployed: the next minute's poll shows the notice.
    build.id = `${build.id}-next`;
    await poll(page, () => advance(page, 60_000));
    const notice = noticeOf(page);
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.getByTestId('toast-progress').count()).toBe(0);

    // It stays (timeout 0), and there is only one, however many minutes pass.
    await advance(page, 180_000);
    await settle(page);
    expect(await noticeOf(page).count()).toBe(1);
    await checkA11y(page, 'home with the new-version notice');

    await page.evaluate(() => {
      window.__beforeReload = true;
    });
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => window.__beforeReload)).toBeUndefined();
    expect(page.url()).toBe(`${browser.baseURL}/`);
  });

  it('also checks when the window regains focus', async () => {
    const build = { id: `${await servedBuildId()}-next` };
    const page = await browser.newPage({ consent: 'accepted' });
    const polls = await fakeLatestBuild(page, build);
    await installPausedClock(page);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();

    const before = polls.count;
    await poll(page, () => page.evaluate(() => void window.dispatchEvent(new Event('focus'))));
    expect(polls.count).toBe(before + 1);
    expect(await noticeOf(page).isVisible()).toBe(true);
    expect(await noticeOf(page).getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
  });
});
