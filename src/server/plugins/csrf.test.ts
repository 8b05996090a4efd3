import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { buildAccount } from '../test/factories.js';
import { registerCsrf } from './csrf.js';
import { createAgent, signIn, testOrigin, type Agent, testPassword } from '../test/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

async function nameOf(id: string) {
  const [row] = await db().select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name;
}

const cookieHeader = (agent: Agent) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

const setCookies = (headers: Record<string, unknown>) =>
  ([] as string[]).concat((headers['set-cookie'] as string[] | string | undefined) ?? []);

describe('cross-site requests', () => {
  const refusals = [
    { case: 'a foreign Origin', headers: { origin: 'https://evil.example' } },
    { case: 'a cross-site fetch without Origin', headers: { 'sec-fetch-site': 'cross-site' } },
    { case: 'a same-site fetch from a sibling site', headers: { 'sec-fetch-site': 'same-site' } },
  ];

  for (const refusal of refusals) {
    it(`refuses a sign-in from ${refusal.case} and sets no session`, async () => {
      const user = await buildAccount(db());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: refusal.headers,
        payload: { email: user.email, password: testPassword },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'permission-denied',
        message: 'Cross-site request refused',
      });
      expect(setCookies(res.headers).some((cookie) => cookie.includes('session_token'))).toBe(
        false,
      );
    });
  }

  it('refuses a foreign Origin on another spelling of the path', async () => {
    const user = await buildAccount(db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: testPassword },
    });
    expect(res.statusCode).toBe(403);
    expect(setCookies(res.headers).some((cookie) => cookie.includes('session_token'))).toBe(false);
  });

  it('accepts a sign-in from our own Origin', async () => {
    const user = await buildAccount(db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: testOrigin, 'sec-fetch-site': 'same-origin' },
      payload: { email: user.email, password: testPassword },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the CSRF token of a signed-in browser', () => {
  const patchName = (agent: Agent, headers: Record<string, string>, url = '/api/account') =>
    t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: cookieHeader(agent), origin: testOrigin, ...headers },
      payload: { name: 'Forged Name' },
    });

  it('refuses a write without the token header, or with a wrong one, and changes nothing', async () => {
    const user = await buildAccount(db(), { name: 'Kept Name' });
    const agent = await signIn(t.app, user);
    const token = agent.cookies.get('vp_csrf') ?? '';
    expect(token).not.toBe('');
    const wrongSameLength = token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const attempts: Record<string, string>[] = [
      {},
      { 'x-csrf-token': 'wrong' },
      { 'x-csrf-token': wrongSameLength },
    ];
    for (const headers of attempts) {
      const res = await patchName(agent, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
    }
    expect(await nameOf(user.id)).toBe('Kept Name');
  });

  it('cannot be skipped by spelling the /api path another way', async () => {
    const user = await buildAccount(db(), { name: 'Kept Name' });
    const agent = await signIn(t.app, user);
    for (const url of ['/%61pi/account', '/api/%61ccount', '/api/account/']) {
      const res = await patchName(agent, {}, url);
      expect(res.statusCode).toBe(403);
    }
    expect(await nameOf(user.id)).toBe('Kept Name');
  });

  it('refuses a session cookie without the CSRF cookie', async () => {
    const user = await buildAccount(db(), { name: 'Kept Name' });
    const agent = await signIn(t.app, user);
    const session = `vp.session_token=${agent.cookies.get('vp.session_token') ?? ''}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: session, origin: testOrigin, 'x-csrf-token': '' },
      payload: { name: 'Forged Name' },
    });
    expect(res.statusCode).toBe(403);
    expect(await nameOf(user.id)).toBe('Kept Name');
  });

  it('accepts a write that echoes the token', async () => {
    const user = await buildAccount(db(), { name: 'Old Name' });
    const agent = await signIn(t.app, user);
    const res = await patchName(agent, { 'x-csrf-token': agent.cookies.get('vp_csrf') ?? '' });
    expect(res.statusCode).toBe(200);
    expect(await nameOf(user.id)).toBe('Forged Name');
  });
});

describe('reads', () => {
  it('lets GET requests through, even from a foreign Origin, and hands out a readable token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    const csrf = setCookies(res.headers).find((cookie) => cookie.startsWith('vp_csrf='));
    expect(csrf).toBeDefined();
    expect(csrf).toMatch(
      /^vp_csrf=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12};/,
    );
    expect(csrf).toContain('; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(csrf).not.toMatch(/HttpOnly/i);
  });

  it('marks the token Secure on an https site', async () => {
    const app = Fastify();
    await app.register(cookie);
    registerCsrf(app, { publicUrl: new URL('https://films.example') });
    app.get('/anything', () => ({}));
    const res = await app.inject({ url: '/anything' });
    expect(setCookies(res.headers)).toEqual([
      expect.stringMatching(
        /^vp_csrf=[0-9a-f-]{36}; Max-Age=31536000; Path=\/; Secure; SameSite=Lax$/,
      ),
    ]);
    await app.close();
  });

  it('keeps the token a browser already has', async () => {
    const agent = createAgent(t.app);
    await agent.inject({ url: '/api/auth/session' });
    const token = agent.cookies.get('vp_csrf');
    const again = await agent.inject({ url: '/api/auth/session' });
    expect(setCookies(again.headers).some((cookie) => cookie.startsWith('vp_csrf='))).toBe(false);
    expect(agent.cookies.get('vp_csrf')).toBe(token);
  });
});
