import { describe, expect, it } from 'vitest';
import {
  accountMenu,
  field,
  followVerifyLink,
  newPerson,
  signInLink,
  signUpThroughForm,
  submitSignIn,
  useOwnServer,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';

/**
 * An admin blocks a member while the member has a tab open. The server of this spec lists the
 * admin's address in ADMIN_EMAILS, so the admin becomes one by verifying it.
 */
const admin = newPerson('Ada');
const user = newPerson('Ugo');

const server = useOwnServer({ ADMIN_EMAILS: admin.email });
const browser = useBrowser({ baseURL: () => server.baseURL });

/** Both people see dates in one locale and zone, so the test knows how they are written. */
const inUtc = { consent: 'accepted', locale: 'en-US', timezoneId: 'UTC' } as const;

/** Chromium logs the 403 of every request a blocked account makes (session poll, sign-in). */
const blockedAnswer = /Failed to load resource: the server responded with a status of 403/;

/** A whole minute 30 days from now, in UTC: the value of the form's datetime-local field. */
function blockEnd(): { field: string; date: Date } {
  const date = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
  date.setUTCHours(15, 30, 0, 0);
  return { field: date.toISOString().slice(0, 16), date };
}

describe('an admin blocks an account', () => {
  it('signs the open tab out; signing in again shows the reason and the end date', async () => {
    const adminPage = await browser.newPage(inUtc);
    await signUpThroughForm(adminPage, admin);
    await followVerifyLink(adminPage, server, admin);

    const userPage = await browser.newPage({ ...inUtc, allowConsoleErrors: [blockedAnswer] });
    await signUpThroughForm(userPage, user);
    await followVerifyLink(userPage, server, user);
    await userPage.goto('/user-profile');
    await userPage.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
    // The user is a plain member: no admin entry in their menu.
    await accountMenu(userPage, user.name).click();
    await userPage.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await userPage.getByRole('menuitem', { name: 'Admin users' }).count()).toBe(0);
    await userPage.keyboard.press('Escape');

    // The admin reaches the users page from the account menu.
    await accountMenu(adminPage, admin.name).click();
    await adminPage.getByRole('menuitem', { name: 'Admin users' }).click();
    await adminPage.waitForURL(`${server.baseURL}/admin/users`);
    await adminPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(user.username);
    const row = adminPage.getByRole('row').filter({ hasText: user.email });
    await row.waitFor();
    await adminPage.getByText(`Accounts matching “${user.username}”`).waitFor();
    expect(await row.getByText('Active').isVisible()).toBe(true);

    await row.getByRole('button', { name: `Actions for ${user.name}` }).click();
    await adminPage.getByRole('menuitem', { name: `Block ${user.name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Block ${user.name}` });
    await dialog.waitFor();
    const reason = 'Spoilers in every thread title after two warnings';
    const end = blockEnd();
    await field(adminPage, 'Reason').fill(reason);
    await field(adminPage, 'Blocked until').fill(end.field);
    await screenshot(adminPage, 'admin-block-dialog');
    await dialog.getByRole('button', { name: 'Block account' }).click();
    await adminPage.getByTestId('toast').filter({ hasText: 'Account blocked' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(/^Blocked until /).waitFor();
    await row.getByRole('button', { name: `Actions for ${user.name}` }).click();
    await adminPage.getByRole('menuitem', { name: `Unblock ${user.name}` }).waitFor();
    await adminPage.keyboard.press('Escape');
    await screenshot(adminPage, 'admin-users-after-block');

    // The member's open tab finds out at its next session check (every 10 s), with no reload.
    const started = Date.now();
    await signInLink(userPage).waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await accountMenu(userPage, user.name).count()).toBe(0);
    await userPage.waitForURL(`${server.baseURL}/account-blocked`);
    await userPage.getByRole('heading', { level: 1, name: 'Account Blocked' }).waitFor();
    expect(await userPage.getByText(reason).isVisible()).toBe(true);

    // Signing in again is refused with the reason and the end of the block.
    await signInLink(userPage).click();
    await submitSignIn(userPage, user.email, user.password);
    await userPage.waitForURL(`${server.baseURL}/account-blocked`);
    await userPage.getByRole('heading', { level: 1, name: 'Account Blocked' }).waitFor();
    expect(await userPage.getByText(reason).isVisible()).toBe(true);
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      end.date,
    );
    const endLine = userPage.getByText(/^Your account is blocked until /);
    const endText = (await endLine.textContent()) ?? '';
    expect(endText).toContain(day);
    expect(endText).toMatch(/3:30\sPM/);
    expect(await signInLink(userPage).isVisible()).toBe(true);
    await screenshot(userPage, 'account-blocked');
    await checkA11y(userPage, '/account-blocked');
  });
});

describe('accessibility of the admin pages', () => {
  it('/admin/users passes axe for an admin', async () => {
    const page = await browser.newPage(inUtc);
    await page.goto('/auth/login?redirect=%2Fadmin%2Fusers');
    await submitSignIn(page, admin.email, admin.password);
    await page.waitForURL(`${server.baseURL}/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('row').filter({ hasText: user.email }).waitFor();
    await screenshot(page, 'admin-users');
    await checkA11y(page, '/admin/users');
  });
});
