import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, signInThroughForm, useOwnServer } from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import { hiddenThread, pagedThread, searchCast, seedSearch } from './support/search-seed';

/**
 * Search as a new member tries it: a post they just wrote found at once by a stemmed word and
 * by an exact phrase and not by an excluded word, a member found by a misspelt name, a reply
 * opened inside its long thread, a hidden thread that members never find and moderators do,
 * and the quick search on Ctrl+K.
 */
const server = useOwnServer({}, seedSearch);
const browser = useBrowser({ baseURL: () => server.baseURL });

const post = {
  title: 'Nadia reviews the Lumière brothers at the cinémathèque',
  body: 'A distinctive phrase: silver nitrate dreams.\n\nThe projectionists deserve a word too.',
};

const results = (page: Page, tab: string) => page.getByRole('list', { name: `${tab} results` });

async function searchFor(page: Page, q: string) {
  const box = field(page, 'Search for');
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
  // The page keeps the last results (busy) while the new ones load: wait until it shows this
  // query's, so the next step never types into a box about to be replaced.
  await page.waitForFunction(
    (query) =>
      document.title.startsWith(`“${query}”`) && !document.querySelector('[aria-busy="true"]'),
    q,
  );
}

describe('search as a member tries it', () => {
  it('finds a post the moment it is written: stemmed, by phrase, never by an excluded word', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, searchCast.reader, '/add-new');
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await field(page, 'Title').fill(post.title);
    await field(page, 'Category').first().click();
    await page.getByRole('option', { name: 'Discussions', exact: true }).click();
    await field(page, 'Body').fill(post.body);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/forum\/post\/\d+$/);
    const postPath = new URL(page.url()).pathname;

    // The header's search link, then the search form.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Search/ })
      .waitFor();
    await page.goto('/search');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();

    // 'reviewing' finds 'reviews': both are 'review' to the English stemmer.
    await searchFor(page, 'reviewing lumière');
    const hit = results(page, 'Posts').getByRole('link', { name: post.title });
    await hit.waitFor();
    const marks = await results(page, 'Posts').locator('mark').allTextContents();
    expect(marks.map((mark) => mark.toLowerCase())).toEqual(
      expect.arrayContaining(['reviews', 'lumière']),
    );
    await screenshot(page, 'search-results');
    await checkA11y(page, '/search?q=…');

    await searchFor(page, '"silver nitrate dreams"');
    await results(page, 'Posts').getByRole('link', { name: post.title }).waitFor();

    await searchFor(page, 'lumière -projectionists');
    await page.getByText(/^No posts match/).waitFor();

    await searchFor(page, 'reviewing lumière');
    await results(page, 'Posts').getByRole('link', { name: post.title }).click();
    await page.waitForURL((url) => url.pathname === postPath);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
  });

  it('finds a member by a misspelt name', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/search?q=samwatchs');
    await page.getByRole('tab', { name: /^People/ }).click();
    await results(page, 'People').getByRole('link', { name: searchCast.sam.name }).click();
    await page.waitForURL((url) => url.pathname === `/u/${searchCast.sam.username}`);
  });

  it('opens a reply inside its thread, at that reply', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto(`/search?q=${pagedThread.word}&category=replies`);
    const link = results(page, 'Replies').getByRole('link', {
      name: `Reply in ${pagedThread.title}`,
    });
    await link.click();
    await page.waitForURL((url) => url.searchParams.has('reply'));
    // The 120th reply is on the third page of 50: the page loads its way there.
    const linked = page.locator('[aria-current="true"]');
    await linked.waitFor();
    expect(await linked.textContent()).toContain(pagedThread.word);
    await expect.poll(() => linked.evaluate((node) => document.activeElement === node)).toBe(true);
    // The scroll is smooth unless the reader prefers less motion: it ends with the reply in view.
    const height = page.viewportSize()?.height ?? 0;
    await expect
      .poll(async () => {
        const box = await linked.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= height;
      })
      .toBe(true);
    await screenshot(page, 'search-reply-in-thread');
  });

  it('never shows a hidden thread to members; moderators find it when they ask', async () => {
    const reader = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(reader, searchCast.reader, `/search?q=${hiddenThread.word}`);
    await reader.getByText(/^No posts match/).waitFor();
    expect(await reader.getByRole('combobox', { name: 'Hidden content' }).count()).toBe(0);

    const moderator = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(
      moderator,
      searchCast.moderator,
      `/search?q=${hiddenThread.word}&hidden=include`,
    );
    await results(moderator, 'Posts').getByRole('link', { name: hiddenThread.title }).waitFor();
    await screenshot(moderator, 'search-moderator-hidden');
  });

  it('the quick search answers as one types and goes where Enter says', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Control+K');
    const box = page.getByRole('textbox', { name: 'Search the site' });
    await box.waitFor();
    await box.pressSequentially('nitrate', { delay: 30 });
    const option = page.getByRole('button', { name: new RegExp(post.title.slice(0, 20)) });
    await option.first().waitFor();
    await screenshot(page, 'search-quick');
    await checkA11y(page, 'quick search');
    await option.first().click();
    await page.waitForURL(/\/forum\/post\/\d+$/);

    // The search is remembered on this device.
    await page.keyboard.press('Control+K');
    await page.getByText('Recent searches').waitFor();
    await page.getByRole('button', { name: 'nitrate' }).waitFor();
  });
});
