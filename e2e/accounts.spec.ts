import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenu,
  createVerifiedAccount,
  field,
  newPerson,
  pathOfLink,
  refusedSignIn,
  signInLink,
  signInThroughForm,
  submitSignIn,
  useOwnServer,
  waitForMail,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';

/**
 * Accounts as a visitor lives them in Chromium: sign up and verify from the mailed link, the
 * route guards' toasts, a forgotten password, two tabs of one browser, a crafted redirect. The
 * spec runs its own server (its sign-ups count against a per-address limit).
 */
const server = useOwnServer();
const browser = useBrowser({ baseURL: () => server.baseURL });

/** A verified member most tests sign in as (made through the API, not the form). */
const member = newPerson('Mara');

beforeAll(async () => {
  await createVerifiedAccount(server, member);
});

/** The colour a toast was given (Mantine writes it into the notification's own style). */
async function colourOf(toast: Locator): Promise<string | undefined> {
  const style = (await toast.getAttribute('style')) ?? '';
  return /--notification-color:\s*var\(--mantine-color-(\w+)-filled\)/.exec(style)?.[1];
}

function toastTitled(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}

describe('signing up', () => {
  it('signs up, follows the mailed link, lands signed in and signs out from the menu', async () => {
    const person = newPerson('Nell');
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/auth/sign-up');
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await field(page, 'Display name').fill(person.name);
    await field(page, 'Username').fill(person.username);
    await field(page, 'Email').fill(person.email);
    await field(page, 'Password').fill(person.password);
    await field(page, 'Confirm password').fill(person.password);
    await screenshot(page, 'sign-up-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    const inbox = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    await inbox.waitFor();
    expect(await inbox.textContent()).toContain(person.email);
    await screenshot(page, 'sign-up-check-inbox');

    const mail = await waitForMail(server.dataDir, person.email, 'Verify your email address');
    await page.goto(pathOfLink(mail.link, server.baseURL, '/auth/verify-email'));
    await page.waitForURL(`${server.baseURL}/`);
    await accountMenu(page, person.name).waitFor();
    await toastTitled(page, 'Email verified').waitFor();
    await screenshot(page, 'verified-home');

    await accountMenu(page, person.name).click();
    const menu = page.getByRole('menu');
    // The menu opens with a transition: wait for the handle rather than look once.
    await menu.getByText(`@${person.username}`).waitFor();
    await screenshot(page, 'account-menu-open');
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await signInLink(page).waitFor();
    expect(page.url()).toBe(`${server.baseURL}/`);
    expect(await accountMenu(page, person.name).count()).toBe(0);

    // Signed out for the server too: a reload stays signed out.
    await page.reload();
    await signInLink(page).waitFor();
    expect(await accountMenu(page, person.name).count()).toBe(0);
  });
});

describe('route guards', () => {
  it('a signed-out visit to /add-new asks to log in, then goes on to /add-new', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/add-new');
    const toast = toastTitled(page, 'Authentication Required');
    await toast.waitFor();
    expect(await toast.getByText('Please log in to continue').isVisible()).toBe(true);
    expect(await colourOf(toast)).toBe('yellow');
    await page.waitForURL(`${server.baseURL}/auth/login?redirect=%2Fadd-new`);
    await screenshot(page, 'login-after-guard');

    await submitSignIn(page, member.email, member.password);
    await page.waitForURL(`${server.baseURL}/add-new`);
    await page.getByRole('heading', { level: 1, name: 'New Post' }).waitFor();
    await accountMenu(page, member.name).waitFor();
  });

  it('a plain user opening /admin is refused with the red Access Denied toast, at /', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, member);
    await page.goto('/admin');
    const toast = toastTitled(page, 'Access Denied');
    await toast.waitFor();
    expect(await toast.getByText('Admin access required').isVisible()).toBe(true);
    expect(await colourOf(toast)).toBe('red');
    await page.waitForURL(`${server.baseURL}/`);
    await accountMenu(page, member.name).waitFor();
    await screenshot(page, 'access-denied-toast');
  });

  it('a signed-in member opening /auth/login goes on to its redirect, or home, not the form', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, member);

    // The server answers with the redirect: the form is never drawn.
    const onwards = await page.goto('/auth/login?redirect=%2Fforum%3Fsort%3Dtop');
    expect(page.url()).toBe(`${server.baseURL}/forum?sort=top`);
    expect(onwards?.request().redirectedFrom()?.url()).toContain('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Forum' }).waitFor();

    await page.goto('/auth/login');
    expect(page.url()).toBe(`${server.baseURL}/`);
    expect(await field(page, 'Password').count()).toBe(0);
    await accountMenu(page, member.name).waitFor();
  });

  it('a redirect to another site is not followed after signing in', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto(`/auth/login?redirect=${encodeURIComponent('https://evil.example')}`);
    await submitSignIn(page, member.email, member.password);
    await accountMenu(page, member.name).waitFor();
    await page.waitForURL(`${server.baseURL}/`);
    expect(new URL(page.url()).origin).toBe(server.baseURL);
  });
});

describe('forgotten password', () => {
  it('a mailed link sets a new password; the old one stops working', async () => {
    const person = newPerson('Otto');
    await createVerifiedAccount(server, person);
    const newPassword = 'Silver-Screen-Matinee-7';

    const page = await browser.newPage({
      consent: 'accepted',
      allowConsoleErrors: [refusedSignIn],
    });
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await field(page, 'Email').fill(person.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    await screenshot(page, 'forgot-password-sent');

    const mail = await waitForMail(server.dataDir, person.email, 'Reset your password');
    await page.goto(pathOfLink(mail.link, server.baseURL, '/auth/reset-password'));
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm new password').fill(newPassword);
    await screenshot(page, 'reset-password-filled');
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.waitForURL(`${server.baseURL}/auth/login`);
    await toastTitled(page, 'Password changed').waitFor();

    await submitSignIn(page, person.email, person.password);
    const refusal = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Email or password is incorrect');
    await screenshot(page, 'login-refused');

    await field(page, 'Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await accountMenu(page, person.name).waitFor();
    await page.waitForURL(`${server.baseURL}/`);
  });
});

describe('strangers behind the same address', () => {
  it('never lock out a browser that signed in before', async () => {
    const person = newPerson('Ines');
    await createVerifiedAccount(server, person);
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, person);
    await accountMenu(page, person.name).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
    await signInLink(page).waitFor();

    // Every request of this suite comes from 127.0.0.1, as a household's behind one router.
    const guess = (password: string) =>
      fetch(`${server.baseURL}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: person.email, password }),
      });
    for (let n = 0; n < 5; n += 1) expect((await guess('not-the-password-1')).status).toBe(401);
    expect((await guess(person.password)).status).toBe(429);

    await page.goto('/auth/login');
    await submitSignIn(page, person.email, person.password);
    await accountMenu(page, person.name).waitFor();
  });
});

describe('two tabs of one browser', () => {
  it('signing in or out in one tab shows in the other without a reload', async () => {
    const context = await browser.newContext({ consent: 'accepted' });
    const [first, second] = [await context.newPage(), await context.newPage()];
    await Promise.all([first.goto('/'), second.goto('/')]);
    await Promise.all([signInLink(first).waitFor(), signInLink(second).waitFor()]);
    // Nothing below may reload the second tab.
    await second.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // The tab opened last is in front; a tab behind gets few animation frames, which makes
    // Playwright's clicks there slow. The second tab stays behind, as a tab the user left.
    await first.bringToFront();
    await signInLink(first).click();
    await submitSignIn(first, member.email, member.password);
    await accountMenu(first, member.name).waitFor();
    await accountMenu(second, member.name).waitFor({ timeout: 2_000 });

    await accountMenu(first, member.name).click();
    await first.getByRole('menuitem', { name: 'Sign out' }).click();
    await signInLink(first).waitFor();
    await signInLink(second).waitFor({ timeout: 2_000 });
    expect(await accountMenu(second, member.name).count()).toBe(0);
    expect(
      await second.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });
});

describe('accessibility of the account pages', () => {
  it('/auth/login and /auth/sign-up pass axe', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await screenshot(page, 'login');
    await checkA11y(page, '/auth/login');

    await page.goto('/auth/sign-up');
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await screenshot(page, 'sign-up');
    await checkA11y(page, '/auth/sign-up');
  });

  it('/user-profile (signed in) passes axe', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, member);
    await page.goto('/user-profile');
    await page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
    await page.getByText(member.email).first().waitFor();
    await page.getByRole('list', { name: 'Password requirements' }).waitFor();
    await page.getByText('This device').waitFor();
    await screenshot(page, 'user-profile');
    await checkA11y(page, '/user-profile');
  });
});
