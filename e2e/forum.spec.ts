import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  field,
  newPerson,
  signInThroughForm,
  useOwnServer,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import { longThread, seedLongThread } from './support/forum-seed';

/**
 * The forum as its members live it in Chromium: a review with a rating and an uploaded image,
 * seen on /forum, a reply and a like from a second member, an edit that keeps a revision, a
 * delete that leaves a tombstone, and a 2,000-reply thread paged through. Its own server: the
 * long thread is written into the data directory before the server opens it.
 */
const server = useOwnServer({}, seedLongThread);
const browser = useBrowser({ baseURL: () => server.baseURL });

const author = newPerson('Ines');
const replier = newPerson('Otto');
const review = {
  title: `Stalker, forty-five years on (${author.username})`,
  film: 'Stalker',
  year: 1979,
  body: 'The **Zone** is a room you carry with you.\n\nThree men, one wish, no answers.',
};
let imageFile = '';
let postPath = '';

beforeAll(async () => {
  await createVerifiedAccount(server, author);
  await createVerifiedAccount(server, replier);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-e2e-image-'));
  imageFile = path.join(dir, 'zone.png');
  const still = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: 40, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();
  await writeFile(imageFile, still);
});

/**
 * The new-thread draft this browser keeps, as the form last saved it (one per account, under
 * `viewpoint:forum-draft:<user id>`: use-post-draft.ts), or null before the first save.
 */
const savedDraft = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('viewpoint:forum-draft:'));
    const saved = key === undefined ? null : localStorage.getItem(key);
    return saved === null ? null : (JSON.parse(saved) as unknown);
  });

async function pickOption(page: Page, label: string, option: string) {
  await field(page, label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a review from writing to deleting', () => {
  it('writes a review with a rating and an uploaded image, and finds it on /forum', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, author, '/add-new');
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await field(page, 'Title').fill(review.title);
    await pickOption(page, 'Category', 'Reviews');
    // The film is new to the site: typed, then added with its year from the picker.
    await page.getByRole('combobox', { name: 'Film' }).fill(review.film);
    await page.getByRole('option', { name: `Add a new film: “${review.film}”` }).click();
    const adding = page.getByRole('dialog', { name: 'Add a film' });
    await adding.getByLabel(/^Year/).fill(String(review.year));
    await adding.getByRole('button', { name: 'Add film' }).click();
    await adding.waitFor({ state: 'detached' });
    await page.getByText(`${review.film} (${review.year})`).first().waitFor();
    await field(page, 'Tags').first().fill('tarkovsky');
    await field(page, 'Tags').first().press('Enter');
    await field(page, 'Body').fill(review.body);

    await page.getByLabel('Image file').setInputFiles(imageFile);
    await expect
      .poll(() => field(page, 'Body').inputValue(), { timeout: 15_000 })
      .toMatch(/!\[zone\]\(\/media\/[a-z0-9]+\.webp\)/);

    // The draft survives a reload, once saved image and all (a save waits for typing to pause).
    await expect
      .poll(() => savedDraft(page), { timeout: 5_000 })
      .toMatchObject({
        title: review.title,
        film: { title: review.film, year: review.year },
        tags: ['tarkovsky'],
        body: expect.stringMatching(/!\[zone\]\(\/media\/[a-z0-9]+\.webp\)/),
      });
    await page.reload();
    await page.getByText('Draft restored').waitFor();
    expect(await field(page, 'Title').inputValue()).toBe(review.title);
    // Mantine's Rating hides its radios behind the stars: click the eighth star.
    const eighth = await page.getByRole('radio', { name: '8 out of 10' }).getAttribute('id');
    await page.locator(`label[for="${eighth}"]`).click();
    await page.getByRole('img', { name: 'Rated 8 out of 10' }).waitFor();

    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.locator('img.post-image').first().waitFor();
    await screenshot(page, 'forum-new-review-preview');
    await checkA11y(page, '/add-new');
    await page.getByRole('button', { name: 'Publish' }).click();

    await page.waitForURL(/\/forum\/post\/\d+$/);
    postPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: review.title }).waitFor();
    expect(await page.getByRole('img', { name: 'Rated 8 out of 10' }).count()).toBeGreaterThan(0);
    const image = page.locator('img.post-image').first();
    await image.click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'forum-review');
    await checkA11y(page, postPath);

    await page.goto('/forum');
    const row = page.getByRole('link', { name: review.title });
    await row.waitFor();
    await screenshot(page, 'forum-list');
    await checkA11y(page, '/forum');
  });

  it('lets a second member reply and like it', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, replier, postPath);
    await page.getByRole('heading', { level: 1, name: review.title }).waitFor();
    const like = page.getByRole('button', { name: /^Like this post/ });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await field(page, 'Reply').fill('It is the *waiting* that stays with me.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    // The posted reply, not the box that may still hold its text a moment.
    const posted = page.locator('p').filter({ hasText: 'stays with me' });
    await posted.waitFor();
    await page.reload();
    await posted.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'forum-reply');

    // The replier adds a to-do list to the reply; its earlier words stay in its history.
    const what = `the reply by ${replier.name}`;
    await page.getByRole('button', { name: `Edit ${what}` }).click();
    await field(page, 'Edit reply').fill(
      'It is the *waiting* that stays with me.\n\n- [x] Watched it twice\n- [ ] Read the novel',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const watched = page.getByRole('checkbox', { name: 'Watched it twice' });
    await watched.waitFor();
    expect(await watched.isChecked()).toBe(true);
    expect(await watched.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Read the novel' }).isChecked()).toBe(false);
    await checkA11y(page, `${postPath} with a task list`);
    await page.getByRole('button', { name: `History of ${what}` }).click();
    const history = page.getByRole('dialog', { name: 'Edit history' });
    await history.getByText('It is the *waiting* that stays with me.', { exact: true }).waitFor();
    await screenshot(page, 'forum-reply-history');
    await page.keyboard.press('Escape');
  });

  it('quotes the reply as a block linking to its author and back to the reply', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, author, postPath);
    await page.getByRole('button', { name: `Quote the reply by ${replier.name}` }).click();
    const composer = field(page, 'Reply');
    await expect.poll(() => composer.inputValue()).toMatch(/wrote\]\(\/forum\/post\/\d+\?reply=/);
    await composer.press('End');
    await composer.pressSequentially('So is the silence before the room.');
    await page.getByRole('button', { name: 'Post reply' }).click();

    const replies = page.getByRole('list', { name: 'Replies' });
    const quote = replies
      .getByRole('listitem')
      .filter({ hasText: 'So is the silence' })
      .locator('blockquote');
    const name = quote.getByRole('link', { name: replier.name, exact: true });
    await name.waitFor();
    expect(await name.getAttribute('href')).toBe(`/u/${replier.username}`);
    const back = quote.getByRole('link', { name: 'wrote', exact: true });
    const href = await back.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${postPath}\\?reply=\\d+$`));
    await screenshot(page, 'forum-quote');
    await checkA11y(page, `${postPath} with a quote`);

    // The link opens the thread at the quoted reply, marked as the one linked to.
    await back.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
    const linked = page.locator('[aria-current="true"]').filter({ hasText: 'stays with me' });
    await linked.waitFor();
  });

  it('edits the review, keeps the revision, then deletes it to a tombstone', async () => {
    // A deleted thread's page answers 410 Gone, which Chromium logs as a failed load.
    const page = await browser.newPage({
      consent: 'accepted',
      allowConsoleErrors: [/status of 410/],
    });
    await signInThroughForm(page, author, postPath);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/forum\/post\/edit\/\d+$/);
    await field(page, 'Body').fill(
      'The Zone is a room you carry with you. (Rewatched: still true.)',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === postPath);
    await page.getByText('Rewatched: still true.').waitFor();
    await page
      .getByText(/edited/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'History of this post' }).click();
    const history = page.getByRole('dialog', { name: 'Edit history' });
    await history.getByText(/Three men, one wish/).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmDialog = page.getByRole('dialog').last();
    await confirmDialog.getByRole('button', { name: /Delete/ }).click();
    await page.waitForURL((url) => url.pathname === '/forum');
    expect((await page.goto(postPath))?.status()).toBe(410);
    await page.getByText('This post was deleted.').waitFor();
    await screenshot(page, 'forum-tombstone');
  });
});

describe('a long thread', () => {
  it('pages through all 2,000 replies fifty at a time, to the last one', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/forum');
    await page.getByRole('link', { name: longThread.title }).click();
    await page.getByRole('heading', { level: 1, name: longThread.title }).waitFor();
    const replies = page.getByRole('list', { name: 'Replies' }).locator(':scope > li');
    await expect.poll(() => replies.count()).toBe(50);
    const more = page.getByRole('button', { name: 'Load more replies' });
    for (let loaded = 100; loaded <= longThread.replies; loaded += 50) {
      await more.click();
      await expect.poll(() => replies.count()).toBe(loaded);
      if (loaded === 300) {
        await page.getByText(/300 of 2,000/).waitFor();
        await screenshot(page, 'forum-long-thread');
        await checkA11y(page, 'long thread');
      }
    }
    // Every reply once, in order, and nothing left to load.
    await page.getByText('Showing 2,000 of 2,000 replies').waitFor();
    await expect.poll(() => more.count()).toBe(0);
    const last = replies.last();
    await last.scrollIntoViewIfNeeded();
    expect(await last.innerText()).toContain('Reply number 2000');
    expect(await replies.nth(1234).innerText()).toContain('Reply number 1235');
  });
});
