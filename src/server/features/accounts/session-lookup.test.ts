import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../schema.js';
import { signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sessionLifetime } from './better-auth/auth.js';
import { signedSessionToken } from './sessions/lookup.js';
import { buildAccount } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const sessionCookie = (agent: Agent) => agent.cookies.get('vp.session_token') ?? '';

async function whoIs(cookie: string) {
  const response = await t.app.inject({
    url: '/api/auth/session',
    headers: { cookie: `vp.session_token=${cookie}` },
  });
  return response.json<{ user: { id: string } | null }>().user?.id ?? null;
}

async function sessionOf(userId: string) {
  const [row] = await db().select().from(sessions).where(eq(sessions.userId, userId));
  if (!row) throw new Error('no session');
  return row;
}

describe('the signed session cookie', () => {
  const requestWith = (value: string) =>
    ({ cookies: { 'vp.session_token': value } }) as unknown as FastifyRequest;
  const signed = (token: string, secret: string) =>
    `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('names its token only under the secret that signed it, checked once or many times', () => {
    const value = signed('a-token', 'the-secret');
    for (let n = 0; n < 3; n += 1) {
      expect(signedSessionToken(requestWith(value), 'the-secret')).toBe('a-token');
      expect(signedSessionToken(requestWith(value), 'another-secret')).toBeNull();
    }
    const forged = `a-token.${Buffer.alloc(32, 7).toString('base64')}`;
    expect(signedSessionToken(requestWith(forged), 'the-secret')).toBeNull();
    expect(signedSessionToken(requestWith(signed('a-token', 'another-secret')), 'the-secret')).toBe(
      null,
    );
    expect(signedSessionToken(requestWith('a-token'), 'the-secret')).toBeNull();
  });
});

describe('the per-request session check', () => {
  it('knows a correctly signed session cookie', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    expect(await whoIs(sessionCookie(agent))).toBe(user.id);
  });

  it('treats a cookie with a forged signature as signed out', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const token = decodeURIComponent(sessionCookie(agent)).split('.')[0] ?? '';
    const forged = encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`);
    expect(await whoIs(forged)).toBeNull();
    expect(await whoIs(encodeURIComponent(token))).toBeNull();
  });

  it('slides the expiry of a session once it is older than the update age', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const { expiresInSeconds, updateAgeSeconds } = sessionLifetime;
    // Pretend the session was last refreshed two update ages ago.
    const aged = new Date(Date.now() + (expiresInSeconds - 2 * updateAgeSeconds) * 1000);
    await db().update(sessions).set({ expiresAt: aged }).where(eq(sessions.userId, user.id));
    expect(await whoIs(sessionCookie(agent))).toBe(user.id);
    const refreshed = await sessionOf(user.id);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + updateAgeSeconds * 1000);
  });

  it('refuses an expired session', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await whoIs(sessionCookie(agent))).toBeNull();
  });

  it('refuses a revoked session on its next request', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    await db().delete(sessions).where(eq(sessions.userId, user.id));
    expect(await whoIs(sessionCookie(agent))).toBeNull();
  });
});
