import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdp, type TestIdp } from '../src/server/test/idp';
import {
  accountMenu,
  createVerifiedAccount,
  newPerson,
  signInThroughForm,
  useOwnServer,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshotAtBothSizes, useBrowser } from './support/browser';
import { findFreePort } from './support/server';

/**
 * "Continue with …" as people live it in Chromium, against a real OpenID Connect provider on
 * this machine: the 500×600 popup, the same sign-in as a full-page redirect when popups are
 * blocked, a popup closed early, and linking from the profile.
 */
const env: Record<string, string> = {};
let idp: TestIdp;
beforeAll(async () => {
  const port = await findFreePort();
  const site = `http://127.0.0.1:${port}`;
  idp = await startIdp({
    redirectUris: [`${site}/api/auth/callback/oidc`],
    accounts: [
      { sub: 'ada', email: 'ada.film@idp.test', emailVerified: true, name: 'Ada Film' },
      { sub: 'cy', email: 'cy.redirect@idp.test', emailVerified: true, name: 'Cy Redirect' },
    ],
  });
  Object.assign(env, {
    PORT: String(port),
    PUBLIC_URL: site,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'Test IdP',
  });
});
afterAll(() => idp.close());

const server = useOwnServer(env);
const browser = useBrowser({ baseURL: () => server.baseURL });

describe('continue with a provider', () => {
  it('signs in through the popup, in every open tab, and a newcomer confirms a username', async () => {
    const context = await browser.newContext({ consent: 'accepted' });
    const other = await context.newPage();
    await other.goto('/');
    const page = await context.newPage();
    await page.goto('/auth/login?redirect=%2Fforum');
    await screenshotAtBothSizes(page, `providers-sign-in`);
    await checkA11y(page, '/auth/login (providers)');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Test IdP' }).click(),
    ]);
    await popup.getByRole('button', { name: /Continue as Ada Film/ }).click();
    await popup.waitForEvent('close');

    await page.getByRole('heading', { name: 'Welcome, Ada Film' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toMatch(/^Ada_Film\d*$/);
    await checkA11y(page, '/auth/welcome');
    await page.getByLabel('Username').fill('AdaWatches');
    await page.getByRole('button', { name: 'Continue' }).click();
    await accountMenu(page, 'Ada Film').waitFor();
    expect(new URL(page.url()).pathname).toBe('/forum');
    // The tab that was open all along is signed in too.
    await accountMenu(other, 'Ada Film').waitFor();
  });

  it('goes on as a full-page redirect when popups are blocked', async () => {
    const page = await browser.newPage({ consent: 'accepted', colorScheme: 'dark' });
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/auth/login?redirect=%2Fnews');
    await page.getByRole('button', { name: 'Continue with Test IdP' }).click();
    await page.getByRole('button', { name: /Continue as Cy Redirect/ }).click();
    await page.getByRole('heading', { name: 'Welcome, Cy Redirect' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await accountMenu(page, 'Cy Redirect').waitFor();
    expect(new URL(page.url()).pathname).toBe('/news');
  });

  it('says so when the popup is closed before signing in finished', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/auth/login');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Test IdP' }).click(),
    ]);
    await popup
      .getByRole('button', { name: /Continue as/ })
      .first()
      .waitFor();
    await popup.close();
    await page.getByText('The Test IdP window was closed before signing in finished.').waitFor();
    await screenshotAtBothSizes(page, `providers-popup-closed`);
  });

  it('links a provider from the profile, and the identity then signs in', async () => {
    const member = newPerson('Dora');
    await createVerifiedAccount(server, member);
    idp.addAccount({ sub: 'dora', email: member.email, emailVerified: true, name: member.name });
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, member, '/user-profile');
    await page.goto('/user-profile#identities');
    const part = page.getByRole('region', { name: 'Linked accounts' });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      part.getByRole('button', { name: 'Link Test IdP' }).click(),
    ]);
    await popup.getByRole('button', { name: /Continue as Dora/ }).click();
    await part.getByRole('button', { name: 'Unlink Test IdP' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshotAtBothSizes(page, `providers-linked-${scheme}`, () =>
        part.scrollIntoViewIfNeeded(),
      );
    }
    await checkA11y(page, '/user-profile (linked accounts)');

    const later = await browser.newPage({ consent: 'accepted' });
    await later.goto('/auth/login');
    const [again] = await Promise.all([
      later.waitForEvent('popup'),
      later.getByRole('button', { name: 'Continue with Test IdP' }).click(),
    ]);
    await again.getByRole('button', { name: /Continue as Dora/ }).click();
    await accountMenu(later, member.name).waitFor();
  });
});
