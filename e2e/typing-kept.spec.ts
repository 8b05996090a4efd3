import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountMenu, field, signInThroughForm, useOwnServer } from './support/accounts';
import { reader, seedTyping, thread } from './support/typing-seed';
import { appStarted, holdAppScripts, openBeforeAppStarts, useBrowser } from './support/browser';

/**
 * A slow phone: the page the server drew is on screen, its scripts still on their way. What a
 * person types then is kept when the app starts (DESIGN.md §6). The scripts are held back by
 * intercepting /assets/*.js until the test lets them go.
 */
const server = useOwnServer({}, seedTyping);
const browser = useBrowser({ baseURL: () => server.baseURL });

/** Opens `path` with the app's scripts held back; the returned function lets them go. */
async function openWithScriptsHeldBack(page: Page, path: string): Promise<() => void> {
  const release = await holdAppScripts(page);
  await openBeforeAppStarts(page, path);
  return release;
}

async function threadPath(): Promise<string> {
  const answer = (await (await fetch(`${server.baseURL}/api/forum/posts`)).json()) as {
    items: { id: number; title: string }[];
  };
  const found = answer.items.find((item) => item.title === thread.title);
  if (!found) throw new Error('the seeded thread is missing');
  return `/forum/post/${found.id}`;
}

describe('typing before the app starts', () => {
  it('keeps the email and password typed into the sign-in form, and signs in with them', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    const release = await openWithScriptsHeldBack(page, '/auth/login?redirect=%2Fforum');
    await field(page, 'Email').pressSequentially(reader.email);
    await field(page, 'Password').pressSequentially(reader.password);
    // Enter before the app can send the form: held back, not a reload that loses the text...
    await page.keyboard.press('Enter');
    expect(page.url()).toBe(`${server.baseURL}/auth/login?redirect=%2Fforum`);

    // ...and sent with it once the app has started: the press is not lost either.
    release();
    await page.waitForURL(`${server.baseURL}/forum`);
    await accountMenu(page, reader.name).waitFor();
  });

  it('keeps a reply typed into the server-drawn reply box, caret and all, and posts it', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, reader);
    const path = await threadPath();

    const release = await openWithScriptsHeldBack(page, path);
    const box = page.getByRole('textbox', { name: 'Reply' });
    const text = 'Typed on a slow phone, before the scripts came';
    await box.click();
    await box.pressSequentially(text);

    release();
    await appStarted(page);
    // The counter is the app's: it counts the kept text once the form has taken it.
    await page.getByText(`${text.length} / 10,000 characters`).waitFor();
    expect(await box.inputValue()).toBe(text);
    expect(
      await box.evaluate((element: HTMLTextAreaElement) =>
        document.activeElement === element ? element.selectionStart : -1,
      ),
    ).toBe(text.length);

    await page.getByRole('button', { name: 'Post reply' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Reply posted' }).waitFor();
    await page.getByRole('list', { name: 'Replies' }).getByText(text).waitFor();
    expect(await box.inputValue()).toBe('');
  });
});

describe('a reply being written', () => {
  it('survives a reload and Back until it is posted', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, reader);
    const path = await threadPath();
    await page.goto(path);
    const box = page.getByRole('textbox', { name: 'Reply' });
    const text = 'A draft that outlives a reload';
    await box.pressSequentially(text);

    await page.reload();
    await page.getByText('Draft restored').waitFor();
    expect(await box.inputValue()).toBe(text);

    // Away to the forum inside the app, and Back.
    await page.getByRole('banner').getByRole('link', { name: 'Forum' }).click();
    await page.waitForURL(`${server.baseURL}/forum`);
    await page.goBack();
    await page.waitForURL(`${server.baseURL}${path}`);
    await page.getByText('Draft restored').waitFor();
    expect(await box.inputValue()).toBe(text);

    await page.getByRole('button', { name: 'Post reply' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Reply posted' }).waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'Replies' }).getByText(text).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await page.getByText('Draft restored').count()).toBe(0);
  });
});
