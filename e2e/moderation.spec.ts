import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMenu, field, submitSignIn, useOwnServer } from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import { cast, reportedThread, seedModerationCast, type Member } from './support/moderation-seed';

/**
 * The moderation story on four rungs of the ladder: a member reports a thread and asks to become a
 * moderator; a moderator hides the thread and mutes the member; an experienced moderator
 * blocks the member, whose open tab ends on /account-blocked; the admin approves a request,
 * changes a role through the danger dialog, reads it all in the audit log and publishes news.
 */
const server = useOwnServer({}, seedModerationCast);
const browser = useBrowser({ baseURL: () => server.baseURL });
const inUtc = { consent: 'accepted', locale: 'en-US', timezoneId: 'UTC' } as const;
/** Chromium logs each refused request of the blocked member's tab (the 403 that tells it why). */
const blockedAnswer = /Failed to load resource: the server responded with a status of 403/;
const motivation =
  'I have been reviewing films here for years and want to keep the forum kind and on topic.';
let coverFile = '';

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-e2e-cover-'));
  coverFile = path.join(dir, 'cover.png');
  const image = await sharp({
    create: { width: 1200, height: 630, channels: 3, background: { r: 180, g: 120, b: 30 } },
  })
    .png()
    .toBuffer();
  await writeFile(coverFile, image);
});

async function signedIn(member: Member, allow: RegExp[] = []): Promise<Page> {
  const page = await browser.newPage({ ...inUtc, allowConsoleErrors: allow });
  await page.goto('/auth/login');
  await submitSignIn(page, member.email, member.password);
  await accountMenu(page, member.name).waitFor();
  return page;
}

async function askToModerate(page: Page) {
  await page.goto('/user-profile');
  await field(page, 'Why would you like to moderate?').fill(motivation);
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.getByText('Waiting for a decision').waitFor();
}

/** An item of the users directory's 'Actions' menu of one account, the menu opened. */
function userAction(page: Page, name: string, action: string) {
  return {
    async click() {
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: `${action} ${name}` }).click();
    },
  };
}

/** The account's 'Actions' menu offers `action` (Unmute, Unblock); the menu is closed again. */
async function expectUserAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: `${action} ${name}` }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

const toast = (page: Page, title: string) =>
  page.getByTestId('toast').filter({ hasText: title }).waitFor();

describe('moderation, administration and news', () => {
  it('takes a report from the member to the audit log', async () => {
    // The member reports a thread and asks to become a moderator; so does the thread's author.
    const uma = await signedIn(cast.user, [blockedAnswer]);
    await uma.goto('/forum');
    await uma.getByRole('link', { name: reportedThread.title }).click();
    await uma.getByRole('heading', { level: 1, name: reportedThread.title }).waitFor();
    await uma.getByRole('button', { name: 'Report this post' }).click();
    await uma.getByRole('dialog').getByLabel('Spam').check();
    await uma.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
    await toast(uma, 'Report sent');
    await askToModerate(uma);
    const pat = await signedIn(cast.author);
    await askToModerate(pat);

    // The moderator hides the thread from the review queue and mutes the member.
    const milo = await signedIn(cast.moderator);
    await accountMenu(milo, cast.moderator.name).click();
    await milo.getByRole('menuitem', { name: 'Review queue' }).click();
    await milo.getByRole('heading', { level: 1, name: 'Review queue' }).waitFor();
    const item = milo.getByRole('article', { name: reportedThread.title });
    await item.getByText('Spam').waitFor();
    await screenshot(milo, 'review-queue');
    await item.getByRole('button', { name: 'Hide', exact: true }).click();
    await field(milo, 'Reason').fill('Advertising is not allowed here');
    await milo.getByRole('dialog').getByRole('button', { name: 'Hide' }).click();
    await item.waitFor({ state: 'detached' });
    expect(await milo.getByText(reportedThread.title).count()).toBe(0);

    await milo.goto('/moderator/users');
    await userAction(milo, cast.user.name, 'Mute').click();
    const mute = milo.getByRole('dialog');
    await mute.getByText('1 day').click();
    await field(milo, 'Reason').fill('Reporting in bad faith to get attention');
    await mute.getByRole('button', { name: /^Mute/ }).click();
    await expectUserAction(milo, cast.user.name, 'Unmute');

    // The member sees why they cannot post, and until when.
    await uma.goto('/add-new');
    await uma.getByText('You cannot post for now').waitFor();
    expect(await uma.getByText(/You are muted until .*Reporting in bad faith/).isVisible()).toBe(
      true,
    );
    await screenshot(uma, 'muted-member');

    // The experienced moderator blocks the member, whose open tab loses its session.
    const erin = await signedIn(cast.experienced);
    await erin.goto('/moderator/users');
    await userAction(erin, cast.user.name, 'Block').click();
    await field(erin, 'Reason').fill('Repeated abuse of the report button');
    await erin.getByRole('dialog').getByRole('button', { name: 'Block account' }).click();
    await expectUserAction(erin, cast.user.name, 'Unblock');
    await uma.waitForURL(`${server.baseURL}/account-blocked`, { timeout: 20_000 });
    await uma.getByText('Repeated abuse of the report button').waitFor();

    // The admin approves Pat's request and makes Milo an experienced moderator.
    const ada = await signedIn(cast.admin);
    await ada.goto('/admin');
    await ada.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await ada.getByRole('link', { name: 'Decide requests' }).click();
    await ada.getByRole('button', { name: `Approve ${cast.author.name}` }).click();
    await ada.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await toast(ada, 'Request approved');
    await ada.getByRole('button', { name: `Approve ${cast.author.name}` }).waitFor({
      state: 'detached',
    });

    await ada.goto('/admin/users');
    await ada.getByLabel(`Role of ${cast.moderator.name}`).selectOption('experienced_moderator');
    const confirm = ada.getByRole('dialog', { name: 'Change role' });
    await confirm
      .getByText("Change Milo's role from Moderator to Experienced moderator?")
      .waitFor();
    await screenshot(ada, 'change-role-confirm');
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Every step is in the audit log.
    await ada.goto('/admin/audit');
    await ada.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    // Each entry says in words what happened: hid, muted, blocked, approved, changed a role.
    for (const happened of [
      /^Hid the thread/,
      /^Muted /,
      /^Blocked /,
      /^Approved .* request to become a moderator$/,
      /^Changed .* role from /,
    ]) {
      await ada.getByRole('table').getByRole('rowheader', { name: happened }).first().waitFor();
    }
    await screenshot(ada, 'audit-log');
    await checkA11y(ada, '/admin/audit');

    // The admin publishes a news article, which appears on /news for everyone.
    await ada.goto('/admin/news/create');
    await field(ada, 'Title').fill('Our spring festival of Kurosawa classics');
    await field(ada, 'Summary').fill('Six weeks, twelve films, one long conversation.');
    await ada.getByRole('textbox', { name: 'Body' }).fill('Starting in **April**, one a week.');
    await ada.getByLabel('Cover image file').setInputFiles(coverFile);
    await field(ada, 'Cover alt text').fill('An amber festival poster');
    await ada.getByLabel('Published').check();
    await ada.getByRole('button', { name: 'Save article' }).click();
    await ada.waitForURL(/\/news\/\d+$/);

    const reader = await browser.newPage(inUtc);
    await reader.goto('/news');
    await reader.getByRole('link', { name: 'Our spring festival of Kurosawa classics' }).click();
    await reader
      .getByRole('heading', { level: 1, name: 'Our spring festival of Kurosawa classics' })
      .waitFor();
    expect(await reader.getByRole('img', { name: 'An amber festival poster' }).count()).toBe(1);
    await screenshot(reader, 'news-article');
  }, 240_000);
});
