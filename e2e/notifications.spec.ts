import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountMenu, readMails, submitSignIn, useOwnServer } from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import {
  cast,
  earlierReply,
  seedNotifications,
  thread,
  type StoryMember,
} from './support/notifications-seed';

/**
 * Following a conversation, in three browsers: Ana replies to Ben's thread mentioning Cleo;
 * Ben's and Cleo's bells count it at once without a reload, each gets one e-mail, the
 * notification opens the reply, and Ben's forum list shows the thread as new and opens it at
 * the first reply he has not read.
 */
const server = useOwnServer({}, seedNotifications);
const browser = useBrowser({ baseURL: () => server.baseURL });

const answer = 'Inside Man, and I know who agrees';
const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

async function signedIn(member: StoryMember, to: string): Promise<Page> {
  const page = await browser.newPage({ consent: 'accepted' });
  await page.goto(`/auth/login?redirect=${encodeURIComponent(to)}`);
  await submitSignIn(page, member.email, member.password);
  await accountMenu(page, member.name).waitFor();
  return page;
}

async function mailsTo(member: StoryMember) {
  return (await readMails(server.dataDir)).filter((mail) => mail.to.includes(member.email));
}

describe('notifications', () => {
  it('tells Ben and Cleo at once, mails each once, and opens the reply', async () => {
    const ben = await signedIn(cast.ben, '/');
    const cleo = await signedIn(cast.cleo, '/');
    await bell(ben).waitFor();
    expect(await bell(ben).textContent()).not.toContain('unread');

    const ana = await signedIn(cast.ana, '/forum');
    await ana.getByRole('link', { name: thread.title }).click();
    await ana.getByText(earlierReply(3)).waitFor();
    const editor = ana.getByRole('textbox', { name: 'Reply' });
    await editor.click();
    await editor.pressSequentially(`${answer}: @cle`);
    await ana.getByRole('option', { name: /cleo/i }).waitFor();
    await ana.keyboard.press('Enter');
    expect(await editor.inputValue()).toBe(`${answer}: @cleo `);
    await ana.getByRole('button', { name: 'Post reply' }).click();
    await ana.getByRole('link', { name: '@cleo' }).waitFor();

    // No reload: the live channel raises both bells.
    await bell(ben).filter({ hasText: '1 unread' }).waitFor();
    await bell(cleo).filter({ hasText: '1 unread' }).waitFor();
    await screenshot(ben, 'notifications-bell');

    await expect.poll(async () => (await mailsTo(cast.ben)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await mailsTo(cast.cleo)).length, { timeout: 10_000 }).toBe(1);
    const [toCleo] = await mailsTo(cast.cleo);
    expect(toCleo?.subject).toContain(`Ana mentioned you in “${thread.title}”`);
    expect(toCleo?.text).toMatch(/\/forum\/post\/\d+\?reply=\d+/);

    await bell(cleo).click();
    const item = cleo.getByRole('menuitem', { name: /Ana mentioned you/ });
    await item.click();
    await expect.poll(() => new URL(cleo.url()).searchParams.get('reply')).not.toBeNull();
    await cleo.getByText(answer).waitFor();
    await bell(cleo).filter({ hasNotText: 'unread' }).waitFor();
    // Still one e-mail each after the jobs have settled.
    expect(await mailsTo(cast.ben)).toHaveLength(1);
    expect(await mailsTo(cast.cleo)).toHaveLength(1);
  });

  it('shows Ben the thread as new in the forum and opens it at the first unread reply', async () => {
    const ben = await signedIn(cast.ben, '/forum');
    const row = ben
      .getByRole('listitem')
      .filter({ has: ben.getByRole('link', { name: thread.title }) });
    await row.getByText('1 new').waitFor();
    await screenshot(ben, 'notifications-forum-new');
    await checkA11y(ben, '/forum with new replies');
    await ben.getByRole('link', { name: thread.title }).click();
    await ben.getByRole('separator', { name: 'New replies' }).waitFor();
    await ben.getByText(answer).waitFor();
    await screenshot(ben, 'notifications-first-unread');

    await ben.goto('/notifications');
    await ben.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await ben
      .getByRole('main')
      .getByText(/Ana replied in/)
      .first()
      .waitFor();
    await checkA11y(ben, '/notifications');
    await screenshot(ben, 'notifications-page');
  });
});
