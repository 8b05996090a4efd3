import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenu,
  createVerifiedAccount,
  field,
  newPerson,
  pathOfLink,
  signInThroughForm,
  submitSignIn,
  useOwnServer,
  waitForMail,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshotAtBothSizes, useBrowser } from './support/browser';

/**
 * The second factor as a member lives it in Chromium: set up from the profile with the key the
 * page shows, then asked after the password and after an emailed sign-in link, answered with
 * an authenticator's code (computed here, as the app would) or a recovery code.
 */
const server = useOwnServer();
const browser = useBrowser({ baseURL: () => server.baseURL });
const member = newPerson('Tova');

/** The code the member's app shows `steps` periods of 30 s from now. */
const codeFor = (key: string, steps = 0) =>
  generateSync({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let key = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  await createVerifiedAccount(server, member);
});

const section = (page: Page) => page.getByRole('region', { name: 'Second factor' });

describe('the second factor', () => {
  it('is set up from the profile: QR code, key, recovery codes, a first code', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, member, '/user-profile');
    await page.goto('/user-profile#second-factor');
    const part = section(page);
    await part.getByLabel('Current password').fill(member.password);
    await part.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await part.getByRole('img', { name: /QR code of your key/ }).waitFor();
    key = ((await part.locator('code').first().textContent()) ?? '').replace(/\s+/g, '');
    recoveryCodes = await part
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    expect(recoveryCodes).toHaveLength(10);
    await screenshotAtBothSizes(page, `second-factor-setup`);
    await checkA11y(page, '/user-profile (second factor setup)');

    await part.getByLabel('Code from the app').fill(codeFor(key));
    await part.getByRole('button', { name: 'Turn on' }).click();
    await part.getByText('10 recovery codes are left').waitFor();
  });

  it('is asked after the password, and a browser can be trusted', async () => {
    const page = await browser.newPage({ consent: 'accepted', colorScheme: 'dark' });
    await page.goto('/auth/login?redirect=%2Fforum');
    await submitSignIn(page, member.email, member.password);
    await field(page, 'Code').waitFor();
    await screenshotAtBothSizes(page, `second-factor-prompt-dark`);
    await checkA11y(page, '/auth/login (second factor)');
    await field(page, 'Code').fill(codeFor(key, 1));
    await page.getByLabel('Trust this browser for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await accountMenu(page, member.name).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forum');
  });

  it('is asked after an emailed sign-in link, and takes a recovery code', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/auth/login');
    await field(page, 'Email').fill(member.email);
    await page.getByRole('button', { name: /sign-in link/i }).click();
    const mail = await waitForMail(server.dataDir, member.email, 'Your sign-in link');
    await page.goto(pathOfLink(mail.link, server.baseURL, '/auth/magic-link'));
    await field(page, 'Code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await accountMenu(page, member.name).waitFor();
    const notice = await waitForMail(server.dataDir, member.email, 'A recovery code was used');
    expect(notice.text).toContain('9 codes are left');
  });
});
