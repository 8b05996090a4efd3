import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../platform/db/schema.js';
import { signIn, type Agent } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sessionLifetime } from './auth.js';
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
