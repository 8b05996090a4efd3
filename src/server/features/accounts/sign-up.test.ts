import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { users, verifications } from '../../schema.js';
import { createAgent, linkToken, readMails } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { ADMIN_EMAILS: 'boss@example.test' } });
});
afterAll(() => t.close());

const newcomer = (n: number) => ({
  name: `Newcomer ${n}`,
  username: `newcomer_${n}`,
  email: `newcomer${n}@example.test`,
  password: 'violet-harbour-train-88',
});

let address = 0;
/** Each sign-up from its own client address, so the per-IP limit stays out of the way. */
const signUp = (body: object, remoteAddress = `10.1.0.${++address}`) =>
  createAgent(t.app).inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: body,
    remoteAddress,
  });

describe('sign-up and email verification', () => {
  it('creates an unverified account, mails a 24-hour link, and verifying signs the user in', async () => {
    const res = await signUp(newcomer(1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'email-sent' });
    expect(res.headers['set-cookie']?.toString() ?? '').not.toContain('session_token');

    const mail = (await readMails(t)).find((m) => m.to.includes('newcomer1@example.test'));
    expect(mail?.subject).toBe('Verify your email address — Viewpoint');
    expect(mail?.body).toContain('valid for 24 hours');
    expect(mail?.body).toContain('Content-Type: text/html');
    expect(mail?.body).toContain('Content-Type: text/plain');

    const token = await linkToken(t, 'newcomer1@example.test', '/auth/verify-email');
    const browser = createAgent(t.app);
    const verified = await browser.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({
      email: 'newcomer1@example.test',
      username: 'newcomer_1',
      emailVerified: true,
      role: 'user',
    });
    const session = await browser.inject({ method: 'GET', url: '/api/auth/session' });
    expect(session.json().user.email).toBe('newcomer1@example.test');

    const again = await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid-argument');
  });

  it('answers a taken email exactly like success and tells the owner', async () => {
    const owner = await buildAccount(t.platforms.database.db);
    const fresh = await signUp(newcomer(2));
    const taken = await signUp({ ...newcomer(3), email: owner.email });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    const toOwner = (await readMails(t)).filter((m) => m.to.includes(owner.email));
    expect(toOwner.map((m) => m.subject)).toEqual([
      'Someone tried to create an account with your address — Viewpoint',
    ]);
    const [row] = await t.platforms.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'newcomer_3'));
    expect(row).toBeUndefined();
  });

  it('refuses a taken username', async () => {
    await signUp(newcomer(4));
    const res = await signUp({ ...newcomer(5), username: 'NEWCOMER_4' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'already-exists',
      message: 'That username is taken',
    });
  });

  it.each([
    ['too short', 'Xq7!mz', ['min-length']],
    ['common', 'password1234', ['not-common']],
    ['holding the username', 'xx_newcomer_6_yy', ['not-personal']],
    ['holding the email', 'newcomer6@example.test!', ['not-personal']],
  ])('refuses a password %s with the broken rules', async (_, password, rules) => {
    const res = await signUp({ ...newcomer(6), password });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual({ reason: 'password-policy', rules });
  });

  it.each([
    ['a malformed email', { email: 'not-an-email' }],
    ['a short username', { username: 'ab' }],
    ['a username with symbols', { username: 'bad name!' }],
    ['an over-long name', { name: 'x'.repeat(51) }],
    ['a wrong type', { password: 12345678901 }],
    ['an unknown field', { role: 'admin' }],
  ])('refuses %s and creates nothing', async (_, change) => {
    const res = await signUp({ ...newcomer(7), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    const [row] = await t.platforms.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'newcomer_7'));
    expect(row).toBeUndefined();
  });

  it('serves the password policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(res.json()).toMatchObject({ minLength: 10, maxLength: 128 });
    expect(res.json<{ rules: { id: string }[] }>().rules.map((r) => r.id)).toEqual([
      'min-length',
      'max-length',
      'not-common',
      'not-personal',
    ]);
  });

  it('makes a listed ADMIN_EMAILS address admin once it is verified', async () => {
    await signUp({ ...newcomer(8), email: 'boss@example.test' });
    const token = await linkToken(t, 'boss@example.test', '/auth/verify-email');
    const res = await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(res.json()).toMatchObject({ user: { role: 'admin' } });
  });

  it('limits sign-ups to 5 per hour per address', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const res = await signUp({ ...newcomer(20 + n) }, '10.9.9.9');
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json().error.code).toBe('resource-exhausted');
      }
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('does not believe a forged X-Forwarded-For for the per-address limit', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const res = await createAgent(t.app).inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: newcomer(40 + n),
        remoteAddress: '10.8.8.8',
        headers: {
          'x-forwarded-for': `192.0.2.${n}`,
          [`x-viewpoint-client-ip`]: `198.51.100.${n}`,
        },
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
  });

  it('refuses a forged, foreign or expired verification link and writes nothing', async () => {
    await signUp(newcomer(60));
    const db = t.platforms.database.db;
    const countVerifications = async () => (await db.select().from(verifications)).length;
    const sign = (secret: string, expiresIn: string | number) =>
      new SignJWT({ email: 'newcomer60@example.test' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(new TextEncoder().encode(secret));
    const before = await countVerifications();
    const tokens = [
      'not-a-token-at-all',
      await sign('another-secret-another-secret-another-secret', '1h'),
      await sign(t.config.authSecret, Math.floor(Date.now() / 1000) - 60),
    ];
    for (const token of tokens) {
      const res = await createAgent(t.app).inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect(await countVerifications()).toBe(before);
    const [row] = await db.select().from(users).where(eq(users.email, 'newcomer60@example.test'));
    expect(row?.emailVerified).toBe(false);
  });
});
