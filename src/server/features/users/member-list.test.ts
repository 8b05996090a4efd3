import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, MemberHistoryResponse } from '../../../shared/accounts.js';
import { auditLog, users } from '../../schema.js';
import { type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount, person, writePost, writeReply, type Person } from '../../test/factories.js';

let t: TestApp;
let moderator: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  moderator = await person(t, 'moderator');
  admin = await person(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
interface Page {
  users: AdminUser[];
  nextCursor: string | null;
}
async function list(agent: Agent, query: string): Promise<Page> {
  const res = await agent.inject({ url: `/api/users?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}
async function everyPage(agent: Agent, query: string): Promise<AdminUser[]> {
  const seen: AdminUser[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await list(agent, `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.users);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}
const report = (agent: Agent, url: string) =>
  agent.inject({ method: 'POST', url, payload: { category: 'spam', reason: '' } });

describe('the member list', () => {
  it("shows each member's threads, replies, reports against them and mute", async () => {
    const writer = await person(t, 'moderator', { name: 'Counted Writer' });
    const post = await writePost(t, writer.agent);
    await writePost(t, writer.agent);
    const reply = await writeReply(writer.agent, post.id);
    await writeReply(writer.agent, post.id);
    await report(moderator.agent, `/api/forum/posts/${post.id}/report`);
    await report(admin.agent, `/api/forum/comments/${reply.id}/report`);
    const muted = await admin.agent.inject({
      method: 'POST',
      url: `/api/users/${writer.user.id}/mute`,
      payload: { duration: '1h', reason: 'Slow down' },
    });
    expect(muted.statusCode).toBe(200);
    const page = await list(moderator.agent, 'q=Counted Writer');
    expect(page.users).toEqual([
      expect.objectContaining({
        id: writer.user.id,
        postCount: 2,
        commentCount: 2,
        reportsAgainst: 2,
        mute: { reason: 'Slow down', until: expect.any(String) },
      }),
    ]);
  });

  it('filters by role and by status', async () => {
    const tag = 'filterme';
    const plain = await buildAccount(db(), { name: `${tag} plain` });
    const mod = await buildAccount(db(), { name: `${tag} mod`, role: 'moderator' });
    const unverified = await buildAccount(db(), {
      name: `${tag} unverified`,
      emailVerified: false,
    });
    const blocked = await buildAccount(db(), {
      name: `${tag} blocked`,
      banned: true,
      banReason: 'Spam',
    });
    const expired = await buildAccount(db(), {
      name: `${tag} expired block`,
      banned: true,
      banReason: 'Old',
      banExpires: new Date(Date.now() - 1000),
    });
    const muted = await buildAccount(db(), {
      name: `${tag} muted`,
      mutedUntil: new Date(Date.now() + 3_600_000),
      muteReason: 'Quiet',
    });
    const ids = async (query: string) =>
      (await list(admin.agent, `q=${tag}&${query}`)).users.map((user) => user.id).sort();
    expect(await ids('role=moderator')).toEqual([mod.id]);
    expect(await ids('status=blocked')).toEqual([blocked.id]);
    expect(await ids('status=muted')).toEqual([muted.id]);
    expect(await ids('status=unverified')).toEqual([unverified.id]);
    expect(await ids('status=active')).toEqual([plain.id, mod.id, expired.id].sort());
    expect(await ids('role=user&status=active')).toEqual([plain.id, expired.id].sort());
    const bad = await admin.agent.inject({ url: '/api/users?status=sleeping' });
    expect(bad.statusCode).toBe(400);
  });

  it('sorts newest, oldest and by name, paging through each exactly once', async () => {
    const tag = 'sortme';
    const made = [];
    for (const name of ['Charlie', 'alpha', 'Bravo', 'bravo', 'Delta']) {
      made.push(await buildAccount(db(), { name: `${tag} ${name}` }));
    }
    // Two members joined in the same millisecond, apart only in microseconds.
    for (const [n, user] of made.slice(0, 2).entries()) {
      await db()
        .update(users)
        .set({
          createdAt: sql`'2031-01-01T00:00:00.500Z'::timestamptz + ${n + 1} * interval '1 microsecond'`,
        })
        .where(eq(users.id, user.id));
    }
    const byCreation = await db()
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(sql`${users.name} like ${`${tag} %`}`);
    const time = (id: string) => byCreation.find((row) => row.id === id)?.createdAt.getTime() ?? 0;

    const newest = await everyPage(admin.agent, `q=${tag}&sort=newest`);
    const oldest = await everyPage(admin.agent, `q=${tag}&sort=oldest`);
    const byName = await everyPage(admin.agent, `q=${tag}&sort=name`);
    for (const sorted of [newest, oldest, byName]) {
      expect(new Set(sorted.map((user) => user.id))).toEqual(new Set(made.map((user) => user.id)));
      expect(sorted).toHaveLength(made.length);
    }
    const newestTimes = newest.map((user) => time(user.id));
    expect(newestTimes).toEqual([...newestTimes].sort((a, b) => b - a));
    expect(oldest.map((user) => time(user.id))).toEqual([...newestTimes].reverse());
    expect(byName.map((user) => user.name.replace(`${tag} `, '').toLowerCase())).toEqual([
      'alpha',
      'bravo',
      'bravo',
      'charlie',
      'delta',
    ]);
  });

  it('refuses a page link from another sort, or one that is not ours', async () => {
    const tag = 'cursorme';
    for (let n = 0; n < 3; n += 1) await buildAccount(db(), { name: `${tag} ${n}` });
    const first = await list(admin.agent, `q=${tag}&sort=name&limit=1`);
    for (const query of [
      `q=${tag}&sort=newest&cursor=${first.nextCursor ?? ''}`,
      `q=${tag}&cursor=bogus`,
    ]) {
      const res = await admin.agent.inject({ url: `/api/users?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
  });
});

describe("a member's history", () => {
  it('shows the account, its counts and the latest actions taken on it', async () => {
    const member = await person(t, 'user');
    await writePost(t, member.agent);
    const experienced = await person(t, 'experienced_moderator');
    await moderator.agent.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/mute`,
      payload: { duration: '1h', reason: 'First warning' },
    });
    await experienced.agent.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/block`,
      payload: { reason: 'Second strike' },
    });
    await experienced.agent.inject({ method: 'DELETE', url: `/api/users/${member.user.id}/block` });

    const res = await moderator.agent.inject({ url: `/api/users/${member.user.id}/history` });
    expect(res.statusCode).toBe(200);
    const body = res.json<MemberHistoryResponse>();
    expect(body.user).toMatchObject({ id: member.user.id, email: '', postCount: 1 });
    expect(body.history).toEqual({
      joinedAt: member.user.createdAt.toISOString(),
      postCount: 1,
      commentCount: 0,
      reportsAgainst: 0,
      sanctions: 2,
    });
    expect(body.actions.map((entry) => [entry.action, entry.actor?.id])).toEqual([
      ['user.unblock', experienced.user.id],
      ['user.block', experienced.user.id],
      ['user.mute', moderator.user.id],
    ]);
    expect(body.actions[1]).toMatchObject({
      reason: 'Second strike',
      before: { block: null },
      after: { block: { reason: 'Second strike', until: null } },
    });

    const missing = await moderator.agent.inject({ url: '/api/users/no-such-user/history' });
    expect(missing.statusCode).toBe(404);
    const plain = await person(t);
    const refused = await plain.agent.inject({ url: `/api/users/${member.user.id}/history` });
    expect(refused.statusCode).toBe(403);
  });

  it('records role changes with the old and new role', async () => {
    const member = await person(t);
    const res = await admin.agent.inject({
      method: 'PUT',
      url: `/api/users/${member.user.id}/role`,
      payload: { role: 'moderator' },
    });
    expect(res.statusCode).toBe(200);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, member.user.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'user.role',
        before: { role: 'user' },
        after: { role: 'moderator' },
      }),
    ]);
  });
});
