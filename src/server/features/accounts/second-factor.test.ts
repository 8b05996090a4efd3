import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../schema.js';
import { buildAccount, buildUser } from '../../test/factories.js';
import { grantSecondFactor } from './second-factor/service.js';
import {
  createAgent,
  linkToken,
  readMails,
  signIn,
  testPassword,
  type Agent,
} from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
/** Each browser comes from an address of its own, as people do: the per-address limits stay apart. */
const addresses = new WeakMap<Agent, string>();
let nextAddress = 1;
const addressOf = (agent: Agent) => {
  let address = addresses.get(agent);
  if (!address) {
    address = `10.33.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
    nextAddress += 1;
    addresses.set(agent, address);
  }
  return address;
};
const post = (agent: Agent, url: string, payload: object) =>
  agent.inject({ method: 'POST', url, payload, remoteAddress: addressOf(agent) });

/** The code an authenticator app shows for `key`, `steps` periods of 30 s from now. */
const codeFor = (key: string, steps = 0) =>
  generateSync({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A member with the second factor on: their key, recovery codes and a signed-in agent. */
async function memberWithSecondFactor() {
  const user = await buildAccount(db());
  const agent = await signIn(t.app, user);
  const setup = await post(agent, '/api/account/second-factor/setup', { password: testPassword });
  expect(setup.statusCode, setup.body).toBe(200);
  const { key, recoveryCodes } = setup.json<{ key: string; recoveryCodes: string[] }>();
  const confirmCode = codeFor(key);
  const confirmed = await post(agent, '/api/account/second-factor/confirm', { code: confirmCode });
  expect(confirmed.statusCode, confirmed.body).toBe(204);
  return { user, agent, key, recoveryCodes, confirmCode };
}

/** A new browser's password sign-in: the first step only. */
async function firstStep(email: string) {
  const browser = createAgent(t.app);
  await browser.inject({ url: '/api/auth/session' });
  const answer = await post(browser, '/api/auth/sign-in', { email, password: testPassword });
  return { browser, answer };
}

const sessionOf = async (agent: Agent) =>
  (await agent.inject({ url: '/api/auth/session' })).json().user as { id: string } | null;

describe('setting up the second factor', () => {
  it('needs the password, shows the key and 10 codes once, and changes nothing until confirmed', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const wrong = await post(agent, '/api/account/second-factor/setup', {
      password: 'not-it-at-all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Current password is incorrect');

    const setup = await post(agent, '/api/account/second-factor/setup', { password: testPassword });
    expect(setup.statusCode).toBe(200);
    const body = setup.json<{ uri: string; key: string; recoveryCodes: string[] }>();
    expect(body.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(body.key).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);

    // Not confirmed: the status is off, and signing in asks for nothing more.
    expect((await agent.inject({ url: '/api/account/second-factor' })).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: null,
    });
    const { answer } = await firstStep(user.email);
    expect(answer.json().user.id).toBe(user.id);

    const bad = await post(agent, '/api/account/second-factor/confirm', { code: '000000' });
    expect(bad.statusCode).toBe(400);
    const good = await post(agent, '/api/account/second-factor/confirm', {
      code: codeFor(body.key),
    });
    expect(good.statusCode).toBe(204);
    // The session Better Auth renewed on confirming is this browser's from now on.
    expect((await sessionOf(agent))?.id).toBe(user.id);
    expect((await agent.inject({ url: '/api/account/second-factor' })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const again = await post(agent, '/api/account/second-factor/setup', { password: testPassword });
    expect(again.statusCode).toBe(412);
  });

  it('refuses malformed codes and unknown fields with the one error shape', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    for (const payload of [
      { code: '12345' },
      { code: '1234567' },
      { code: 'abcde-12345' },
      { code: '123456', extra: true },
      {},
    ]) {
      const answer = await post(agent, '/api/account/second-factor/confirm', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error.code).toBe('invalid-argument');
    }
    const notStarted = await post(agent, '/api/account/second-factor/confirm', {
      code: '123456',
    });
    expect(notStarted.statusCode).toBe(412);
  });
});

describe('signing in with a second factor', () => {
  it('asks for it after the password, signs in with a code, and accepts that code once', async () => {
    const { user, key, confirmCode } = await memberWithSecondFactor();
    const { browser, answer } = await firstStep(user.email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      secondFactor: { methods: ['authenticator', 'recovery-code'] },
    });
    expect(await sessionOf(browser)).toBeNull();

    const wrong = await post(browser, '/api/auth/second-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(await sessionOf(browser)).toBeNull();

    // The confirming code was accepted once already: the next one in the app is needed.
    const replayed = await post(browser, '/api/auth/second-factor', { code: confirmCode });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.message).toMatch(/used already/);

    const code = codeFor(key, 1);
    const done = await post(browser, '/api/auth/second-factor', {
      code: code.replace(/^(...)/, '$1 '),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect((await sessionOf(browser))?.id).toBe(user.id);

    const other = await firstStep(user.email);
    const reused = await post(other.browser, '/api/auth/second-factor', { code });
    expect(reused.statusCode).toBe(400);
    expect(await sessionOf(other.browser)).toBeNull();
  });

  it('is asked for after an emailed sign-in link too', async () => {
    const { user, key } = await memberWithSecondFactor();
    const browser = createAgent(t.app);
    await browser.inject({ url: '/api/auth/session' });
    expect((await post(browser, '/api/auth/magic-link', { email: user.email })).statusCode).toBe(
      200,
    );
    const token = await linkToken(t, user.email, '/auth/magic-link');
    const followed = await post(browser, '/api/auth/magic-link/verify', { token });
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toHaveProperty('secondFactor');
    expect(await sessionOf(browser)).toBeNull();
    const done = await post(browser, '/api/auth/second-factor', { code: codeFor(key, 1) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await sessionOf(browser))?.id).toBe(user.id);
  });

  it('is asked after the verification link too, which verifies the address all the same', async () => {
    const browser = createAgent(t.app);
    await browser.inject({ url: '/api/auth/session' });
    const person = {
      name: 'Vera Link',
      username: `vera_${Date.now() % 100000}`,
      email: `vera.${Date.now()}@example.test`,
      password: 'velvet-projector-88-lantern',
    };
    expect((await post(browser, '/api/auth/sign-up', person)).statusCode).toBe(200);
    const signedIn = await post(browser, '/api/auth/sign-in', {
      email: person.email,
      password: person.password,
    });
    expect(signedIn.json().user.emailVerified).toBe(false);
    const setup = await post(browser, '/api/account/second-factor/setup', {
      password: person.password,
    });
    const { key } = setup.json<{ key: string }>();
    await post(browser, '/api/account/second-factor/confirm', { code: codeFor(key) });
    await post(browser, '/api/auth/sign-out', {});

    const token = await linkToken(t, person.email, '/auth/verify-email');
    const followed = await post(browser, '/api/auth/verify-email', { token });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toHaveProperty('secondFactor');
    expect(await sessionOf(browser)).toBeNull();
    const done = await post(browser, '/api/auth/second-factor', { code: codeFor(key, 1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.emailVerified).toBe(true);
  });

  it('takes a recovery code once, and tells the member by mail how many are left', async () => {
    const { user, recoveryCodes } = await memberWithSecondFactor();
    const [first = ''] = recoveryCodes;
    const { browser } = await firstStep(user.email);
    const done = await post(browser, '/api/auth/second-factor', { code: first });
    expect(done.statusCode, done.body).toBe(200);
    expect((await sessionOf(browser))?.id).toBe(user.id);
    const mail = (await readMails(t)).find(
      (sent) => sent.to.includes(user.email) && sent.subject.startsWith('A recovery code was used'),
    );
    expect(mail?.body).toContain('9 codes are left');

    const later = await firstStep(user.email);
    const again = await post(later.browser, '/api/auth/second-factor', { code: first });
    expect(again.statusCode).toBe(400);
  });

  it('does not ask a browser the member trusted, for 30 days', async () => {
    const { user, key } = await memberWithSecondFactor();
    const { browser } = await firstStep(user.email);
    const done = await post(browser, '/api/auth/second-factor', {
      code: codeFor(key, 1),
      trustBrowser: true,
    });
    expect(done.statusCode).toBe(200);
    expect((await post(browser, '/api/auth/sign-out', {})).statusCode).toBe(204);
    const again = await post(browser, '/api/auth/sign-in', {
      email: user.email,
      password: testPassword,
    });
    expect(again.json().user.id).toBe(user.id);
    // Another browser is still asked.
    expect((await firstStep(user.email)).answer.json()).toHaveProperty('secondFactor');
  });

  it('works with a second factor stored directly, as the demo seed gives one', async () => {
    const user = await buildAccount(db());
    const { uri, recoveryCodes } = await grantSecondFactor(db(), {
      secret: t.config.authSecret,
      userId: user.id,
      issuer: 'Viewpoint',
      account: user.email,
    });
    const key = new URL(uri).searchParams.get('secret') ?? '';
    const { browser, answer } = await firstStep(user.email);
    expect(answer.json()).toHaveProperty('secondFactor');
    const done = await post(browser, '/api/auth/second-factor', { code: codeFor(key) });
    expect(done.statusCode, done.body).toBe(200);
    const later = await firstStep(user.email);
    const recovered = await post(later.browser, '/api/auth/second-factor', {
      code: recoveryCodes[3],
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
  });

  it('ends a sign-in after five wrong codes: the right one then needs the password again', async () => {
    const { user, key, recoveryCodes } = await memberWithSecondFactor();
    const { browser } = await firstStep(user.email);
    for (const wrong of ['000001', '000002', '000003', '000004', '000005']) {
      expect((await post(browser, '/api/auth/second-factor', { code: wrong })).statusCode).toBe(
        400,
      );
    }
    const late = await post(browser, '/api/auth/second-factor', { code: codeFor(key, 1) });
    expect(late.statusCode).toBe(429);
    expect(late.json().error.message).toMatch(/Sign in again/);
    expect(await sessionOf(browser)).toBeNull();
    const again = await firstStep(user.email);
    const done = await post(again.browser, '/api/auth/second-factor', {
      code: recoveryCodes[1],
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('refuses a code without a sign-in waiting for it', async () => {
    const browser = createAgent(t.app);
    await browser.inject({ url: '/api/auth/session' });
    const answer = await post(browser, '/api/auth/second-factor', { code: '123456' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe('unauthenticated');
  });
});

describe('changing the second factor', () => {
  it('turns off only with the password and a current code, and mails the member', async () => {
    const { user, agent, key } = await memberWithSecondFactor();
    const wrongCode = await post(agent, '/api/account/second-factor/disable', {
      password: testPassword,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    const wrongPassword = await post(agent, '/api/account/second-factor/disable', {
      password: 'not-it-at-all',
      code: codeFor(key, 1),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect((await agent.inject({ url: '/api/account/second-factor' })).json().enabled).toBe(true);

    const off = await post(agent, '/api/account/second-factor/disable', {
      password: testPassword,
      code: codeFor(key, 1),
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await sessionOf(agent))?.id).toBe(user.id);
    expect((await agent.inject({ url: '/api/account/second-factor' })).json().enabled).toBe(false);
    expect((await firstStep(user.email)).answer.json().user.id).toBe(user.id);
    const mail = (await readMails(t)).find(
      (sent) =>
        sent.to.includes(user.email) &&
        sent.subject.startsWith('Your second factor was turned off'),
    );
    expect(mail).toBeDefined();
  });

  it('makes new recovery codes with a current factor; the old ones stop working', async () => {
    const { user, agent, key, recoveryCodes } = await memberWithSecondFactor();
    const fresh = await post(agent, '/api/account/second-factor/recovery-codes', {
      password: testPassword,
      code: codeFor(key, 1),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes = fresh.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const { browser } = await firstStep(user.email);
    const old = await post(browser, '/api/auth/second-factor', { code: recoveryCodes[0] });
    expect(old.statusCode).toBe(400);
    const current = await post(browser, '/api/auth/second-factor', { code: codes[0] });
    expect(current.statusCode).toBe(200);
  });
});

describe('"staff must use a second factor"', () => {
  const siteBody = (staffSecondFactor: boolean) => ({
    name: 'Viewpoint',
    description: 'A community for film reviews.',
    staffSecondFactor,
  });

  it('is refused to an admin without one, so nobody locks themselves out', async () => {
    const admin = await buildAccount(db(), { role: 'admin' });
    const agent = await signIn(t.app, admin);
    const answer = await agent.inject({
      method: 'PUT',
      url: '/api/admin/site',
      payload: siteBody(true),
    });
    expect(answer.statusCode).toBe(412);
    expect((await agent.inject({ url: '/api/site' })).json().staffSecondFactor).toBe(false);
  });

  it('keeps staff without a second factor from staff work until they turn it on', async () => {
    const admin = await buildAccount(db(), { role: 'admin' });
    const factor = await grantSecondFactor(db(), {
      secret: t.config.authSecret,
      userId: admin.id,
      issuer: 'Viewpoint',
      account: admin.email,
    });
    // The admin has one: signing in takes the second step.
    const adminAgent = createAgent(t.app);
    await adminAgent.inject({ url: '/api/auth/session' });
    const first = await post(adminAgent, '/api/auth/sign-in', {
      email: admin.email,
      password: testPassword,
    });
    expect(first.json()).toHaveProperty('secondFactor');
    const moderator = await buildAccount(db(), { role: 'moderator' });
    const modAgent = await signIn(t.app, moderator);
    const member = await buildAccount(db());
    const memberAgent = await signIn(t.app, member);
    expect((await modAgent.inject({ url: '/api/users' })).statusCode).toBe(200);
    try {
      const done = await post(adminAgent, '/api/auth/second-factor', {
        code: factor.recoveryCodes[0],
      });
      expect(done.statusCode, done.body).toBe(200);
      const on = await adminAgent.inject({
        method: 'PUT',
        url: '/api/admin/site',
        payload: siteBody(true),
      });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().staffSecondFactor).toBe(true);

      const refused = await modAgent.inject({ url: '/api/users' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.details).toEqual({ secondFactorRequired: true });
      // Members' own routes are not staff work.
      expect((await memberAgent.inject({ url: '/api/account/second-factor' })).statusCode).toBe(
        200,
      );
      expect((await modAgent.inject({ url: '/api/account/second-factor' })).statusCode).toBe(200);

      const modFactor = await grantSecondFactor(db(), {
        secret: t.config.authSecret,
        userId: moderator.id,
        issuer: 'Viewpoint',
        account: moderator.email,
      });
      expect(modFactor.recoveryCodes).toHaveLength(10);
      expect((await modAgent.inject({ url: '/api/users' })).statusCode).toBe(200);
    } finally {
      const off = await adminAgent.inject({
        method: 'PUT',
        url: '/api/admin/site',
        payload: siteBody(false),
      });
      expect(off.statusCode, off.body).toBe(200);
    }
  });
});

describe('an account without a password', () => {
  /** A provider's newcomer (no password), signed in by an emailed link. */
  async function passwordlessMember() {
    const user = await buildUser(db(), { emailVerified: true });
    await db()
      .insert(accounts)
      .values({ id: randomUUID(), accountId: user.id, providerId: 'oidc', userId: user.id });
    const agent = createAgent(t.app);
    await agent.inject({ url: '/api/auth/session' });
    expect((await post(agent, '/api/auth/magic-link', { email: user.email })).statusCode).toBe(200);
    const token = await linkToken(t, user.email, '/auth/magic-link');
    const followed = await post(agent, '/api/auth/magic-link/verify', { token });
    expect(followed.statusCode, followed.body).toBe(200);
    return { user, agent };
  }

  it('sets it up without a password, soon after signing in, and turns it off with a code', async () => {
    const { user, agent } = await passwordlessMember();
    const setup = await post(agent, '/api/account/second-factor/setup', {});
    expect(setup.statusCode, setup.body).toBe(200);
    const { key } = setup.json<{ key: string }>();
    const confirmed = await post(agent, '/api/account/second-factor/confirm', {
      code: codeFor(key),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const fresh = await post(agent, '/api/account/second-factor/recovery-codes', {
      code: codeFor(key, 1),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    const wrong = await post(agent, '/api/account/second-factor/disable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const off = await post(agent, '/api/account/second-factor/disable', { code: codeFor(key, -1) });
    expect(off.statusCode, off.body).toBe(204);
    const told = (await readMails(t)).filter((mail) => mail.to.includes(user.email));
    expect(told.map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(/second factor was turned off/),
    );
  });

  it('an hour after signing in, setting it up asks to sign in again', async () => {
    const { user, agent } = await passwordlessMember();
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const late = await post(agent, '/api/account/second-factor/setup', {});
    expect(late.statusCode).toBe(412);
    expect(late.json().error.message).toMatch(/within the hour/);
  });

  it('an account with a password is still asked for it', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const missing = await post(agent, '/api/account/second-factor/setup', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Enter your current password');
  });
});
