import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, linkToken, testPassword, type Agent } from '../../test/auth-helpers.js';
import { buildAccount } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DEVICE_COOKIE } from './sign-in/device-cookie.js';

/**
 * Device cookies (decision 039): a browser that signed in to an account before is counted on its
 * own, so strangers behind the same address (a shared NAT, or every client behind a proxy when
 * TRUST_PROXY is unset) never lock its owner out; a forged cookie or another account's is a
 * stranger's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const wrong = 'wrong-password-x';

const signInFrom = (agent: Agent, ip: string, email: string, password: string) =>
  agent.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
  });

/** A browser with no cookie at all, as a stranger's script is. */
const stranger = (ip: string, email: string, password = wrong) =>
  signInFrom(createAgent(t.app), ip, email, password);

/** A browser that signed in to `email` once from `ip` and signed out again: it keeps its device cookie. */
async function browserThatSignedIn(ip: string, email: string): Promise<Agent> {
  const browser = createAgent(t.app);
  expect((await signInFrom(browser, ip, email, testPassword)).statusCode).toBe(200);
  const out = await browser.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
  expect(out.statusCode).toBe(204);
  expect(browser.cookies.has(DEVICE_COOKIE)).toBe(true);
  return browser;
}

describe('a browser that signed in before', () => {
  it('is never locked out by strangers failing from the same address', async () => {
    const owner = await buildAccount(db());
    const shared = '10.20.0.1';
    const browser = await browserThatSignedIn(shared, owner.email);
    // Behind the same address: five wrong passwords on the owner's account, then fifteen on
    // others' (the address's own budget), and more from elsewhere (the account's spacing).
    for (let n = 0; n < 5; n += 1)
      expect((await stranger(shared, owner.email)).statusCode).toBe(401);
    for (let n = 0; n < 15; n += 1) await stranger(shared, `someone${n}@example.test`);
    for (let n = 0; n < 8; n += 1) await stranger(`10.20.1.${n}`, owner.email);
    // Without the cookie the right password is refused from that address for 15 minutes...
    const locked = await stranger(shared, owner.email, testPassword);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // ...but the owner's browser signs in at once.
    const owned = await signInFrom(browser, shared, owner.email, testPassword);
    expect(owned.statusCode, owned.body).toBe(200);
    expect((await browser.inject({ url: '/api/auth/session' })).json().user.id).toBe(owner.id);
  });

  it('is held to its own five failures, which no stranger is charged for', async () => {
    const owner = await buildAccount(db());
    const shared = '10.21.0.1';
    const browser = await browserThatSignedIn(shared, owner.email);
    for (let n = 0; n < 5; n += 1) {
      expect((await signInFrom(browser, shared, owner.email, wrong)).statusCode).toBe(401);
    }
    const stopped = await signInFrom(browser, shared, owner.email, testPassword);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error.code).toBe('resource-exhausted');
    // The address's and the account's counters never saw those failures.
    expect((await stranger(shared, owner.email, testPassword)).statusCode).toBe(200);
  });

  it('signs in while strangers flood the sign-in route from its address past its limit', async () => {
    const owner = await buildAccount(db());
    const shared = '10.25.0.1';
    const browser = await browserThatSignedIn(shared, owner.email);
    const flood = await Promise.all(
      Array.from({ length: 61 }, (_, n) => stranger(shared, `flood${n}@example.test`)),
    );
    const tooFast = flood.filter((res) => /signing in too fast/.test(res.body));
    expect(tooFast.length).toBeGreaterThan(0);
    // A forged cookie is a stranger's: still held to the address's spent budget.
    const forger = createAgent(t.app);
    forger.cookies.set(DEVICE_COOKIE, encodeURIComponent(`${owner.id}:made-up`));
    const forged = await signInFrom(forger, shared, owner.email, testPassword);
    expect(forged.statusCode).toBe(429);
    // The owner's browser is counted apart from the flood.
    const owned = await signInFrom(browser, shared, owner.email, testPassword);
    expect(owned.statusCode, owned.body).toBe(200);
  });

  it('gets a fresh cookie at each sign-in, long-lived, HttpOnly, SameSite=Lax, sent to sign-in only', async () => {
    const owner = await buildAccount(db());
    const res = await stranger('10.22.0.1', owner.email, testPassword);
    const cookie = [res.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/; Max-Age=31536000/);
    expect(cookie).toMatch(/; Path=\/api\/auth/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const again = await stranger('10.22.0.1', owner.email, testPassword);
    expect(String(again.headers['set-cookie'])).toContain(`${DEVICE_COOKIE}=`);
    expect(String(again.headers['set-cookie'])).not.toContain(cookie?.split(';')[0]);
  });

  it('gets one from an emailed sign-in link too', async () => {
    const owner = await buildAccount(db());
    const browser = createAgent(t.app);
    await browser.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: owner.email },
    });
    const token = await linkToken(t, owner.email, '/auth/magic-link');
    const verified = await browser.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(browser.cookies.has(DEVICE_COOKIE)).toBe(true);
  });
});

describe('a device cookie that is not the owner’s gives no exemption', () => {
  /** Five failures from `ip` with `cookie`, then the right password with it: the pair's lock. */
  async function lockedWith(cookie: string, ip: string, email: string) {
    const attacker = createAgent(t.app);
    attacker.cookies.set(DEVICE_COOKIE, cookie);
    for (let n = 0; n < 5; n += 1) await signInFrom(attacker, ip, email, wrong);
    return (await signInFrom(attacker, ip, email, testPassword)).statusCode;
  }

  it('refuses a cookie whose signature is not the site’s', async () => {
    const owner = await buildAccount(db());
    const real = (await browserThatSignedIn('10.23.0.1', owner.email)).cookies.get(DEVICE_COOKIE);
    const [value = '', signature = ''] = (real ?? '').split(/\.(?=[^.]*$)/);
    const forged = `${value}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await lockedWith(forged, '10.23.0.2', owner.email)).toBe(429);
    expect(
      await lockedWith(encodeURIComponent(`${owner.id}:made-up`), '10.23.0.3', owner.email),
    ).toBe(429);
  });

  it("refuses another account's cookie, signed by the site as it is", async () => {
    const owner = await buildAccount(db());
    const attacker = await buildAccount(db());
    const own = (await browserThatSignedIn('10.24.0.1', attacker.email)).cookies.get(DEVICE_COOKIE);
    expect(await lockedWith(own ?? '', '10.24.0.1', owner.email)).toBe(429);
  });
});
