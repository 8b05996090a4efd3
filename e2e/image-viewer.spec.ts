import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/axe';
import { advance, installPausedClock, useBrowser } from './support/browser';

const browser = useBrowser();

const viewerOf = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });

async function openViewer(page: Page) {
  await page.getByRole('button', { name: 'View full size' }).click();
  const viewer = viewerOf(page);
  await viewer.waitFor();
  return viewer;
}

/** The overlay stays for its 300 ms fade-out, then leaves the DOM. */
async function expectFadeOut(page: Page) {
  await advance(page, 299);
  expect(await viewerOf(page).count()).toBe(1);
  await advance(page, 1);
  expect(await viewerOf(page).count()).toBe(0);
}

describe('image viewer', () => {
  it('shows the About illustration full size and closes on Escape, backdrop and button', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await installPausedClock(page);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkA11y(page, 'about');

    const inline = page.getByRole('main').locator('img[src="/images/projector.svg"]');
    const alt = await inline.getAttribute('alt');
    expect(alt).toBeTruthy();

    // Open; the image is shown whole, with its alt text.
    let viewer = await openViewer(page);
    const image = viewer.getByRole('img', { name: String(alt) });
    expect(await image.isVisible()).toBe(true);
    expect(await image.evaluate((node: HTMLImageElement) => node.src)).toBe(
      `${browser.baseURL}/images/projector.svg`,
    );
    await image.evaluate((node: HTMLImageElement) => node.decode());
    expect(await image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeGreaterThan(0);
    await checkA11y(page, 'about with the image viewer');

    // A click on the image itself is not a click on the backdrop.
    await image.click();
    await advance(page, 1_000);
    expect(await viewer.isVisible()).toBe(true);

    // Escape.
    await page.keyboard.press('Escape');
    await expectFadeOut(page);

    // Backdrop: a corner of the overlay, away from the image and the close button.
    viewer = await openViewer(page);
    const box = await viewer.boundingBox();
    expect(box).not.toBeNull();
    await viewer.click({ position: { x: 8, y: (box?.height ?? 0) - 8 } });
    await expectFadeOut(page);

    // Close button.
    viewer = await openViewer(page);
    await viewer.getByRole('button', { name: 'Close image viewer' }).click();
    await expectFadeOut(page);

    expect(await inline.isVisible()).toBe(true);
  });
});
