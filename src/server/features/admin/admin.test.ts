import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../../shared/admin-stats.js';
import type { Role } from '../../../shared/roles.js';
import { auditLog, modRequests, siteSettings } from '../../schema.js';
import { createAgent, signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount } from '../../test/factories.js';

let t: TestApp;
let admin: Agent;
const db = () => t.platforms.database.db;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { SITE_NAME: 'Reel Talk' } });
  admin = await signIn(t.app, await buildAccount(db(), { role: 'admin' }));
});
afterAll(() => t.close());

const stats = async () => {
  const res = await admin.inject({ url: '/api/admin/stats' });
  expect(res.statusCode).toBe(200);
  return res.json<AdminStats>();
};
const putSite = (agent: Agent, payload: object) =>
  agent.inject({ method: 'PUT', url: '/api/admin/site', payload });
const site = async () =>
  (await createAgent(t.app).inject({ url: '/api/site' })).json<{
    name: string;
    description: string;
  }>();

describe('the admin dashboard', () => {
  it('counts members, new members, open mod requests; donations stay null', async () => {
    const before = await stats();
    expect(before).toMatchObject({ users: 1, newUsersThisWeek: 1, donations: null });
    const old = await buildAccount(db(), { createdAt: new Date(Date.now() - 30 * 86_400_000) });
    await buildAccount(db());
    await db().insert(modRequests).values({ userId: old.id, motivation: 'Let me help out here.' });
    const after = await stats();
    expect(after).toMatchObject({
      users: before.users + 2,
      newUsersThisWeek: before.newUsersThisWeek + 1,
      pendingModRequests: before.pendingModRequests + 1,
      posts: 0,
      comments: 0,
      openReports: 0,
    });
  });

  it('is refused to everyone but admins', async () => {
    for (const role of ['user', 'moderator', 'experienced_moderator'] as Role[]) {
      const agent = await signIn(t.app, await buildAccount(db(), { role }));
      const res = await agent.inject({ url: '/api/admin/stats' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
      expect((await putSite(agent, { name: 'Taken over', description: '' })).statusCode).toBe(403);
    }
    expect((await createAgent(t.app).inject({ url: '/api/admin/stats' })).statusCode).toBe(401);
    expect((await site()).name).toBe('Reel Talk');
  });
});

describe('site settings', () => {
  it('falls back to SITE_NAME, then answers the stored name and description', async () => {
    expect(await site()).toEqual({
      name: 'Reel Talk',
      description: expect.stringContaining('film'),
      staffSecondFactor: false,
    });
    const res = await putSite(admin, {
      name: '  Cinema Corner ',
      description: 'Talk about films, kindly.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Cinema Corner',
      description: 'Talk about films, kindly.',
      staffSecondFactor: false,
    });
    expect(await site()).toEqual({
      name: 'Cinema Corner',
      description: 'Talk about films, kindly.',
      staffSecondFactor: false,
    });

    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'site.update'));
    expect(entries).toMatchObject([
      {
        targetType: 'site',
        before: { name: 'Reel Talk', description: expect.stringContaining('film') },
        after: { name: 'Cinema Corner', description: 'Talk about films, kindly.' },
      },
    ]);
  });

  it('refuses a bad name or an unknown field and changes nothing', async () => {
    const stored = await db().select().from(siteSettings);
    for (const payload of [
      { name: 'x', description: '' },
      { name: 'A'.repeat(61), description: '' },
      { name: 'Fine name', description: 'd'.repeat(301) },
      { name: 'Fine name', description: '', theme: 'dark' },
      { name: 'Fine name' },
    ]) {
      const res = await putSite(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect(await db().select().from(siteSettings)).toEqual(stored);
  });
});
