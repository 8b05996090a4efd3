import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount } from '../../test/factories.js';
import {
  createAgent,
  linkToken,
  readMails,
  signIn,
  testPassword,
} from '../../test/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const post = (agent: ReturnType<typeof createAgent>, url: string, payload: object, ip?: string) =>
  agent.inject({ method: 'POST', url, payload, ...(ip ? { remoteAddress: ip } : {}) });

describe('sign-in and sign-out', () => {
  it('sets an httpOnly SameSite=Lax session cookie and signs out again', async () => {
    const user = await buildAccount(db());
    const agent = createAgent(t.app);
    const res = await post(agent, '/api/auth/sign-in', {
      email: user.email,
      password: testPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, role: 'user', emailVerified: true });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/vp\.session_token=[^;]+;.*HttpOnly/);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect((await agent.inject({ url: '/api/auth/session' })).json().user.id).toBe(user.id);

    const out = await post(agent, '/api/auth/sign-out', {});
    expect(out.statusCode).toBe(204);
    expect((await agent.inject({ url: '/api/auth/session' })).json().user).toBeNull();
  });

  it('marks the session and device cookies Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({
      serveWeb: false,
      env: { PUBLIC_URL: 'https://viewpoint.test' },
    });
    try {
      const user = await buildAccount(secure.platforms.database.db);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: 'https://viewpoint.test' },
        payload: { email: user.email, password: testPassword },
      });
      expect(String(res.headers['set-cookie'])).toMatch(
        /__Secure-vp\.session_token=[^;]+;.*Secure/,
      );
      expect(String(res.headers['set-cookie'])).toMatch(/vp_device=[^;]+;.*Secure/);
    } finally {
      await secure.close();
    }
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const user = await buildAccount(db());
    const wrong = await post(
      createAgent(t.app),
      '/api/auth/sign-in',
      { email: user.email, password: 'not-the-password' },
      '10.2.0.1',
    );
    const unknown = await post(
      createAgent(t.app),
      '/api/auth/sign-in',
      { email: 'nobody@example.test', password: 'not-the-password' },
      '10.2.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().error.message).toBe('Email or password is incorrect');
  });

  const attempt = (email: string, password: string, ip: string) =>
    post(createAgent(t.app), '/api/auth/sign-in', { email, password }, ip);
  const wrong = 'wrong-password-x';

  it('stops one address after 5 failures on an account; the owner elsewhere signs in', async () => {
    const user = await buildAccount(db());
    const codes: number[] = [];
    for (let n = 0; n < 5; n += 1)
      codes.push((await attempt(user.email, wrong, '10.3.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const stopped = await attempt(user.email, testPassword, '10.3.0.1');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error.code).toBe('resource-exhausted');
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(800);
    expect((await attempt(user.email, testPassword, '10.3.9.9')).statusCode).toBe(200);
  });

  it('never locks the owner out when strangers fail from many addresses: it spaces attempts', async () => {
    const user = await buildAccount(db());
    // The owner signed in from home before.
    expect((await attempt(user.email, testPassword, '10.5.0.1')).statusCode).toBe(200);
    for (let n = 0; n < 12; n += 1) {
      const res = await attempt(user.email, wrong, `10.5.1.${n}`);
      expect([401, 429]).toContain(res.statusCode);
    }
    // A stranger's next guess waits its turn: a few seconds, never a lock-out.
    const first = await attempt(user.email, wrong, '10.5.2.1');
    const second = await attempt(user.email, wrong, '10.5.2.2');
    const spaced = [first, second].find((res) => res.statusCode === 429);
    expect(spaced).toBeDefined();
    const retryAfter = Number(spaced?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // From home, the owner is not spaced at all, even right after a stranger.
    expect((await attempt(user.email, testPassword, '10.5.0.1')).statusCode).toBe(200);
  });

  it('always lets the owner in with an emailed sign-in link, whatever strangers tried', async () => {
    const user = await buildAccount(db());
    for (let n = 0; n < 5; n += 1) await attempt(user.email, wrong, '10.6.0.1');
    for (let n = 0; n < 8; n += 1) await attempt(user.email, wrong, `10.6.1.${n}`);
    expect((await attempt(user.email, testPassword, '10.6.0.1')).statusCode).toBe(429);
    await post(createAgent(t.app), '/api/auth/magic-link', { email: user.email }, '10.6.0.1');
    const token = await linkToken(t, user.email, '/auth/magic-link');
    const browser = createAgent(t.app);
    expect(
      (await post(browser, '/api/auth/magic-link/verify', { token }, '10.6.0.1')).statusCode,
    ).toBe(200);
    expect((await browser.inject({ url: '/api/auth/session' })).json().user.id).toBe(user.id);
  });

  it('limits failures per client address to 20', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 21; n += 1) {
      codes.push(
        (
          await post(
            createAgent(t.app),
            '/api/auth/sign-in',
            { email: `nobody${n}@example.test`, password: 'wrong-password-x' },
            '10.4.0.1',
          )
        ).statusCode,
      );
    }
    expect(codes.slice(0, 20).every((code) => code === 401)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('refuses a blocked account with the reason and end date, and only with the right password', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000);
    const user = await buildAccount(db(), {
      banned: true,
      banReason: 'Spam links',
      banExpires: until,
    });
    const wrong = await post(
      createAgent(t.app),
      '/api/auth/sign-in',
      { email: user.email, password: 'not-the-password' },
      '10.5.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    const res = await post(
      createAgent(t.app),
      '/api/auth/sign-in',
      { email: user.email, password: testPassword },
      '10.5.0.2',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'permission-denied',
      details: { blocked: { reason: 'Spam links', until: until.toISOString() } },
    });
  });

  it('lets a user in again once the block has ended', async () => {
    const user = await buildAccount(db(), {
      banned: true,
      banReason: 'Cooling off',
      banExpires: new Date(Date.now() - 1000),
    });
    const res = await post(
      createAgent(t.app),
      '/api/auth/sign-in',
      { email: user.email, password: testPassword },
      '10.5.0.3',
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a one-hour single-use link; the reset signs out every session', async () => {
    const user = await buildAccount(db());
    const phone = await signIn(t.app, user);
    const res = await post(createAgent(t.app), '/api/auth/password-reset/request', {
      email: user.email,
    });
    expect(res.json()).toEqual({ status: 'email-sent' });
    const mail = (await readMails(t)).filter((m) => m.to.includes(user.email)).at(-1);
    expect(mail?.body).toContain('valid for 1 hour');
    const token = await linkToken(t, user.email, '/auth/reset-password');

    const weak = await post(createAgent(t.app), '/api/auth/password-reset', {
      token,
      password: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.reason).toBe('password-policy');

    const done = await post(createAgent(t.app), '/api/auth/password-reset', {
      token,
      password: 'marble-canyon-echo-42',
    });
    expect(done.statusCode).toBe(204);
    expect((await phone.inject({ url: '/api/auth/session' })).json().user).toBeNull();
    const reused = await post(createAgent(t.app), '/api/auth/password-reset', {
      token,
      password: 'another-canyon-echo-43',
    });
    expect(reused.statusCode).toBe(400);
    const newPassword = await post(
      createAgent(t.app),
      '/api/auth/sign-in',
      { email: user.email, password: 'marble-canyon-echo-42' },
      '10.6.0.1',
    );
    expect(newPassword.statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one and mails nobody', async () => {
    const user = await buildAccount(db());
    const before = (await readMails(t)).length;
    const known = await post(createAgent(t.app), '/api/auth/password-reset/request', {
      email: user.email,
    });
    const unknown = await post(createAgent(t.app), '/api/auth/password-reset/request', {
      email: 'ghost@example.test',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await readMails(t)).length).toBe(before + 1);
  });

  it('refuses a forged token and changes nothing', async () => {
    const res = await post(createAgent(t.app), '/api/auth/password-reset', {
      token: 'forged-token-123',
      password: 'marble-canyon-echo-42',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });

  it('sends at most 3 reset mails per hour to one address', async () => {
    const user = await buildAccount(db());
    const codes: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      codes.push(
        (await post(createAgent(t.app), '/api/auth/password-reset/request', { email: user.email }))
          .statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('magic link', () => {
  it('signs in with a 15-minute single-use link', async () => {
    const user = await buildAccount(db());
    await post(createAgent(t.app), '/api/auth/magic-link', { email: user.email });
    const mail = (await readMails(t)).filter((m) => m.to.includes(user.email)).at(-1);
    expect(mail?.body).toContain('valid for 15 minutes');
    const token = await linkToken(t, user.email, '/auth/magic-link');
    const browser = createAgent(t.app);
    const res = await post(browser, '/api/auth/magic-link/verify', { token });
    expect(res.statusCode).toBe(200);
    expect((await browser.inject({ url: '/api/auth/session' })).json().user.id).toBe(user.id);
    const again = await post(createAgent(t.app), '/api/auth/magic-link/verify', { token });
    expect(again.statusCode).toBe(400);
  });

  it('answers an unknown email like a known one and mails nobody', async () => {
    const user = await buildAccount(db());
    const before = (await readMails(t)).length;
    const known = await post(createAgent(t.app), '/api/auth/magic-link', { email: user.email });
    const unknown = await post(createAgent(t.app), '/api/auth/magic-link', {
      email: 'ghost2@example.test',
    });
    expect(unknown.body).toBe(known.body);
    expect((await readMails(t)).length).toBe(before + 1);
  });

  it('sends at most 3 sign-in links per hour to one address', async () => {
    const user = await buildAccount(db());
    const codes: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      const res = await post(createAgent(t.app), '/api/auth/magic-link', { email: user.email });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error.code).toBe('resource-exhausted');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('refuses a link whose 15 minutes are over, and it signs nobody in', async () => {
    const user = await buildAccount(db());
    await post(createAgent(t.app), '/api/auth/magic-link', { email: user.email });
    const token = await linkToken(t, user.email, '/auth/magic-link');
    // Every stored link of this file's database runs out, as 15 minutes later.
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const browser = createAgent(t.app);
    const res = await post(browser, '/api/auth/magic-link/verify', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect((await browser.inject({ url: '/api/auth/session' })).json().user).toBeNull();
  });
});
