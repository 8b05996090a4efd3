import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();

const schemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

async function chooseMode(page: Page, label: 'System' | 'Light' | 'Dark') {
  const control = page.getByRole('radiogroup', { name: 'Colour mode' });
  await control.locator('label').filter({ hasText: label }).click();
  expect(await control.getByRole('radio', { name: label }).isChecked()).toBe(true);
}

interface SchemeTimeline {
  /** The attribute's value when <body> was inserted, i.e. before anything could be painted. */
  atBody: string | null | undefined;
  /** Every value the attribute held, in order, from the moment it was first set. */
  values: (string | null)[];
}

declare global {
  interface Window {
    __schemeTimeline?: SchemeTimeline;
  }
}

/**
 * Records, from the creation of the document on, every value <html data-mantine-color-scheme>
 * takes and its value when <body> is parsed. Runs before any of the page's own scripts.
 */
function recordSchemeTimeline() {
  const timeline: SchemeTimeline = { atBody: undefined, values: [] };
  window.__schemeTimeline = timeline;
  const observer = new MutationObserver((records) => {
    // Each record's oldValue is the value before that change; replay them in order.
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.oldValue !== null) timeline.values.push(record.oldValue);
      } else if (timeline.atBody === undefined) {
        for (const node of record.addedNodes) {
          if (node.nodeName === 'BODY') {
            const later = records.slice(records.indexOf(record) + 1);
            const nextChange = later.find((next) => next.type === 'attributes');
            timeline.atBody = nextChange
              ? nextChange.oldValue
              : document.documentElement.getAttribute('data-mantine-color-scheme');
          }
        }
      }
    }
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-mantine-color-scheme'],
    attributeOldValue: true,
  });
  document.addEventListener('DOMContentLoaded', () => {
    const records = observer.takeRecords();
    for (const record of records) {
      if (record.type === 'attributes' && record.oldValue !== null) {
        timeline.values.push(record.oldValue);
      }
    }
  });
}

async function readTimeline(page: Page): Promise<SchemeTimeline> {
  // Flush records still queued, then add the current value as the last one.
  return page.evaluate(() => {
    const timeline = window.__schemeTimeline;
    if (!timeline) throw new Error('the init script did not run');
    return {
      atBody: timeline.atBody,
      values: [
        ...timeline.values,
        document.documentElement.getAttribute('data-mantine-color-scheme'),
      ],
    };
  });
}

describe('colour mode', () => {
  it('Dark sticks across a reload and is applied before the first paint', async () => {
    const page = await browser.newPage({ consent: 'accepted', colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await schemeOf(page)).toBe('light');

    await chooseMode(page, 'Dark');
    expect(await schemeOf(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe(
      'dark',
    );
    await checkA11y(page, 'home (dark chosen)');

    await page.context().addInitScript(recordSchemeTimeline);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await schemeOf(page)).toBe('dark');
    const timeline = await readTimeline(page);
    expect(timeline.atBody, 'scheme when <body> was parsed').toBe('dark');
    expect(new Set(timeline.values), 'every scheme the page showed').toEqual(new Set(['dark']));
    expect(
      await page
        .getByRole('radiogroup', { name: 'Colour mode' })
        .getByRole('radio', { name: 'Dark' })
        .isChecked(),
    ).toBe(true);
    await checkA11y(page, 'home (dark after reload)');
  });

  it('System follows a dark system preference', async () => {
    const page = await browser.newPage({ consent: 'accepted', colorScheme: 'dark' });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await chooseMode(page, 'Light');
    expect(await schemeOf(page)).toBe('light');
    await chooseMode(page, 'System');
    expect(await schemeOf(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe(
      'auto',
    );
    await checkA11y(page, 'about (system, dark)');
  });

  it('System follows a light system preference, and a dark one from the first paint', async () => {
    const page = await browser.newPage({ consent: 'accepted', colorScheme: 'light' });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await chooseMode(page, 'Dark');
    expect(await schemeOf(page)).toBe('dark');
    await chooseMode(page, 'System');
    expect(await schemeOf(page)).toBe('light');
    await checkA11y(page, 'about (system, light)');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.context().addInitScript(recordSchemeTimeline);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await schemeOf(page)).toBe('dark');
    const timeline = await readTimeline(page);
    expect(timeline.atBody).toBe('dark');
    expect(new Set(timeline.values)).toEqual(new Set(['dark']));
  });
});
