import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/axe';
import { advance, installPausedClock, settle, useBrowser } from './support/browser';

const browser = useBrowser();

/**
 * Produces a real toast through the UI: the privacy page's 'Reset cookie choice' flow ends with
 * the toast 'Cookie choice cleared'. The clock is paused, so the toast's countdown starts at the
 * click on 'Reset' and only moves when the test advances it.
 */
async function showCookieClearedToast(page: Page) {
  await installPausedClock(page);
  await page.goto('/privacy');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Reset cookie choice' }).click();
  await advance(page, 500); // the modal's opening transition
  const dialog = page.getByRole('dialog', { name: 'Reset cookie choice?' });
  await dialog.getByRole('button', { name: 'Reset' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Cookie choice cleared' });
  await toast.waitFor();
  await settle(page);
  return toast;
}

async function remainingPercent(toast: ReturnType<Page['getByTestId']>) {
  return Number(await toast.getByTestId('toast-progress').getAttribute('aria-valuenow'));
}

describe('toasts', () => {
  it('count down 5000 ms, pause while hovered and resume when left', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    const toast = await showCookieClearedToast(page);

    expect(await toast.getAttribute('role')).toBe('status');
    expect(await toast.getByTestId('toast-progress').getAttribute('role')).toBe('progressbar');
    expect(await remainingPercent(toast)).toBe(100);

    await advance(page, 1_000);
    expect(await remainingPercent(toast)).toBe(80);

    await toast.hover();
    await settle(page);
    await advance(page, 2_000);
    expect(await remainingPercent(toast)).toBe(80);
    expect(await toast.count()).toBe(1);

    await page.mouse.move(20, 780);
    await settle(page);
    await advance(page, 1_000);
    expect(await remainingPercent(toast)).toBe(60);
    await checkA11y(page, 'privacy with a toast');

    // 1000 + 1000 + 2999 ms of running countdown: still there; the next millisecond closes it.
    await advance(page, 2_999);
    expect(await toast.count()).toBe(1);
    await advance(page, 1);
    expect(await toast.count()).toBe(0);
  });

  it('closes with its close button', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    const toast = await showCookieClearedToast(page);
    await advance(page, 1_000);

    await toast.getByRole('button', { name: 'Close notification' }).click();
    await settle(page);
    expect(await toast.count()).toBe(0);
  });
});
