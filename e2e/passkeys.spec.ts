import { generateSync } from 'otplib';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenu,
  createVerifiedAccount,
  field,
  newPerson,
  signInThroughForm,
  submitSignIn,
  useOwnServer,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { fetchFromPage, screenshot, screenshotAtBothSizes, useBrowser } from './support/browser';
import { findFreePort } from './support/server';

/**
 * Passkeys in Chromium with the DevTools virtual authenticator (a platform authenticator that
 * verifies the person): added from the profile, then signing in without a password, and in
 * place of a code at the second step. WebAuthn wants a secure origin with a domain, so this
 * spec's server answers as http://localhost.
 */
const env: Record<string, string> = {};
let site = '';
beforeAll(async () => {
  const port = await findFreePort();
  site = `http://localhost:${port}`;
  Object.assign(env, { PORT: String(port), PUBLIC_URL: site });
});
const server = useOwnServer(env);
const browser = useBrowser({ baseURL: () => site });
const member = newPerson('Pia');

beforeAll(async () => {
  await createVerifiedAccount(server, member);
});

/**
 * A fingerprint reader: it answers every prompt, having checked the person. Chromium keeps a
 * virtual authenticator with the page's frame, which a navigation may replace, so it is
 * attached again (with the passkeys it holds) before each prompt.
 */
type Held = Awaited<ReturnType<typeof heldBy>>['credentials'];
const heldBy = (cdp: CDPSession, authenticatorId: string) =>
  cdp.send('WebAuthn.getCredentials', { authenticatorId });

function virtualAuthenticator() {
  let held: Held = [];
  let attached: { cdp: CDPSession; authenticatorId: string } | undefined;
  return {
    async attach(page: Page) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      for (const credential of held) {
        await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
      }
      attached = { cdp, authenticatorId };
    },
    /** Keeps what the authenticator holds now: a passkey just created, its signature count. */
    async keep() {
      if (!attached) throw new Error('no authenticator attached');
      const { credentials } = await heldBy(attached.cdp, attached.authenticatorId);
      held = credentials;
      return credentials;
    },
  };
}

const section = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

async function signOut(page: Page) {
  await fetchFromPage(page, 'POST', '/api/auth/sign-out');
}

describe('passkeys', () => {
  it('are added from the profile, then sign in without a password and in place of a code', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    const device = virtualAuthenticator();
    await signInThroughForm(page, member, '/user-profile');
    await page.goto('/user-profile#passkeys');
    await device.attach(page);
    const part = section(page);
    await part.getByLabel('Passkey name').fill('Test laptop');
    await part.getByLabel('Current password').fill(member.password);
    await part.getByRole('button', { name: 'Add a passkey' }).click();
    await part.getByText('Test laptop').waitFor();
    expect(await device.keep()).toMatchObject([{ isResidentCredential: true }]);
    await screenshotAtBothSizes(page, `passkeys-profile`);
    await checkA11y(page, '/user-profile (passkeys)');

    // Without a password: the browser offers the passkey it holds.
    await signOut(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/auth/login?redirect=%2Fforum');
    await screenshot(page, 'passkeys-sign-in-dark-1280');
    await checkA11y(page, '/auth/login (passkey, dark)');
    await device.attach(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await accountMenu(page, member.name).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forum');
    await device.keep();

    // With the second factor on, the passkey answers in place of a code.
    const setup = await fetchFromPage(page, 'POST', '/api/account/second-factor/setup', {
      password: member.password,
    });
    const { key } = setup.json as { key: string };
    const confirmed = await fetchFromPage(page, 'POST', '/api/account/second-factor/confirm', {
      code: generateSync({ secret: key }),
    });
    expect(confirmed.status).toBe(204);
    await signOut(page);
    await page.goto('/auth/login?redirect=%2Fforum');
    await submitSignIn(page, member.email, member.password);
    await field(page, 'Code').waitFor();
    await screenshotAtBothSizes(page, `passkeys-second-step-dark`);
    await checkA11y(page, '/auth/login (second factor with a passkey)');
    await device.attach(page);
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await accountMenu(page, member.name).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forum');
  });
});
