import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  newPerson,
  signInThroughForm,
  useOwnServer,
  type Person,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import { seedThread } from './support/forum-seed';

/**
 * A thread's new replies reach a member reading it, live, in Chromium: two members in two
 * browsers, one replies, the other sees it without a reload — added at once at the end of the
 * list, or offered as "1 new reply" further up, where nothing moves until asked.
 */
const thread = { title: 'Heat at thirty: the diner scene, shot by shot', replies: 30 };
const server = useOwnServer({}, (dataDir) => seedThread(dataDir, thread));
const browser = useBrowser({ baseURL: () => server.baseURL });

const reader = newPerson('Rhea');
const writer = newPerson('Walt');
let threadPath = '';

beforeAll(async () => {
  await createVerifiedAccount(server, reader);
  await createVerifiedAccount(server, writer);
});

/** `person` signed in on the thread's page, all its replies shown. */
async function onThread(person: Person, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ consent: 'accepted', colorScheme });
  if (!threadPath) {
    await signInThroughForm(page, person, '/forum');
    await page.getByRole('link', { name: thread.title }).click();
    await page.getByRole('heading', { level: 1, name: thread.title }).waitFor();
    threadPath = new URL(page.url()).pathname;
  } else {
    await signInThroughForm(page, person, threadPath);
  }
  await page.getByText(/^Showing (\d+) of \1 replies$/).waitFor();
  return page;
}

const replies = (page: Page) => page.getByRole('list', { name: 'Replies' });

async function postReply(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Reply' }).fill(text);
  await page.getByRole('button', { name: 'Post reply' }).click();
  await replies(page).getByText(text).waitFor();
}

/** Where the page is scrolled and where a reply's row sits in the window. */
function placeOf(page: Page, replyText: string) {
  return page.evaluate((text) => {
    const row = [...document.querySelectorAll('li[id^="reply-"]')].find((li) =>
      li.textContent?.includes(text),
    );
    return {
      scrollY: Math.round(window.scrollY),
      top: Math.round(row?.getBoundingClientRect().top ?? NaN),
    };
  }, replyText);
}

describe('a thread’s new replies, live', () => {
  it('adds a reply at the end for a reader there, and offers “1 new reply” to one further up', async () => {
    const readerPage = await onThread(reader);
    const writerPage = await onThread(writer);
    // Nothing of this test reloads the reader's page: this mark would be gone.
    await readerPage.evaluate(() => document.documentElement.setAttribute('data-same-page', ''));

    // At the end: the reader is at the reply box, the last reply above it in the window.
    await readerPage.getByRole('textbox', { name: 'Reply' }).scrollIntoViewIfNeeded();
    const before = await placeOf(readerPage, 'Reply number 30');
    const focused = await readerPage.evaluate(() => document.activeElement?.tagName);
    await postReply(writerPage, 'Al Pacino blinks first.');
    await replies(readerPage).getByText('Al Pacino blinks first.').waitFor();
    await readerPage.getByText('Showing 31 of 31 replies').waitFor();
    // What the reader was looking at stays where it was; focus too.
    expect(await placeOf(readerPage, 'Reply number 30')).toEqual(before);
    expect(await readerPage.evaluate(() => document.activeElement?.tagName)).toBe(focused);

    // Up the thread: the next reply is only announced, and the page does not move.
    await readerPage.getByText('Reply number 3', { exact: true }).scrollIntoViewIfNeeded();
    const above = await placeOf(readerPage, 'Reply number 3');
    await postReply(writerPage, 'De Niro never does.');
    const button = readerPage.getByRole('button', { name: '1 new reply' });
    await button.waitFor();
    await readerPage.getByText('Showing 31 of 32 replies').waitFor();
    expect(await placeOf(readerPage, 'Reply number 3')).toEqual(above);
    expect(await replies(readerPage).getByText('De Niro never does.').count()).toBe(0);
    await checkA11y(readerPage, 'thread with a new reply waiting');
    await screenshot(readerPage, 'live-replies-waiting-desktop');

    await button.click();
    const newest = replies(readerPage).locator('li', { hasText: 'De Niro never does.' });
    await newest.waitFor();
    await readerPage.getByText('Showing 32 of 32 replies').waitFor();
    // The reader is taken to it, and it holds the focus.
    expect(await newest.evaluate((row) => row === document.activeElement)).toBe(true);
    expect(await button.count()).toBe(0);
    expect(
      await readerPage.evaluate(() => document.documentElement.hasAttribute('data-same-page')),
    ).toBe(true);
  });

  it('shows the button on a phone in dark mode without covering the reply box', async () => {
    // The other way round this time: each member's replies stay within a new account's limit.
    const readerPage = await onThread(writer, 'dark');
    await readerPage.setViewportSize({ width: 390, height: 844 });
    const writerPage = await onThread(reader);
    await readerPage.getByText('Reply number 2', { exact: true }).scrollIntoViewIfNeeded();

    await postReply(writerPage, 'The coffee goes cold.');
    const button = readerPage.getByRole('button', { name: '1 new reply' });
    await button.waitFor();
    await checkA11y(readerPage, 'thread with a new reply waiting, phone, dark');
    await screenshot(readerPage, 'live-replies-waiting-phone-dark');
    const box = await button.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    expect(box && box.x).toBeGreaterThanOrEqual(0);

    // At the end of the page the button sits between the replies and the reply box.
    await readerPage.getByRole('textbox', { name: 'Reply' }).scrollIntoViewIfNeeded();
    const [buttonBox, editorBox] = await Promise.all([
      button.boundingBox(),
      readerPage.getByRole('textbox', { name: 'Reply' }).boundingBox(),
    ]);
    expect(buttonBox && editorBox && buttonBox.y + buttonBox.height).toBeLessThanOrEqual(
      editorBox?.y ?? 0,
    );
  });
});
