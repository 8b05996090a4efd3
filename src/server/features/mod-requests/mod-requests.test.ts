import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModRequest, myModRequestResponse } from '../../../shared/mod-requests.js';
import type { Role } from '../../../shared/roles.js';
import {
  auditLog,
  categories,
  comments,
  modRequests,
  posts,
  reports,
  users,
} from '../../schema.js';
import { readMails, signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type UserRow, buildAccount } from '../../test/factories.js';

let t: TestApp;
let admin: Agent;
const db = () => t.platforms.database.db;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
type MyModRequest = z.infer<typeof myModRequestResponse>;
const motivation = 'I read the forum every day and would like to help keep it kind.';

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await signIn(t.app, await buildAccount(db(), { role: 'admin', createdAt: daysAgo(90) }));
});
afterAll(() => t.close());

async function member(overrides: Parameters<typeof buildAccount>[1] = {}) {
  const user = await buildAccount(db(), { createdAt: daysAgo(30), ...overrides });
  return { user, agent: await signIn(t.app, user) };
}

const ask = (agent: Agent, text = motivation) =>
  agent.inject({ method: 'POST', url: '/api/mod-requests', payload: { motivation: text } });
const mine = async (agent: Agent) =>
  (await agent.inject({ url: '/api/mod-requests/mine' })).json<MyModRequest>();
const approve = (agent: Agent, id: number) =>
  agent.inject({ method: 'POST', url: `/api/mod-requests/${id}/approve` });
const reject = (agent: Agent, id: number, reason: string) =>
  agent.inject({ method: 'POST', url: `/api/mod-requests/${id}/reject`, payload: { reason } });

async function roleOf(user: UserRow) {
  const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, user.id));
  return row?.role;
}
async function requestsOf(user: UserRow) {
  return db().select().from(modRequests).where(eq(modRequests.userId, user.id));
}
async function auditFor(targetType: string, targetId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetType} = ${targetType} and ${auditLog.targetId} = ${targetId}`);
}

describe('asking to become a moderator', () => {
  it('records one open request and shows it on the member’s own page', async () => {
    const { user, agent } = await member();
    expect((await mine(agent)).eligibility).toEqual({ eligible: true, reason: null });
    const res = await ask(agent);
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({
      motivation,
      status: 'open',
      decisionReason: null,
      requester: { id: user.id },
    });
    const after = await mine(agent);
    expect(after.request).toMatchObject({ status: 'open' });
    expect(after.eligibility.eligible).toBe(false);
    expect(after.eligibility.reason).toMatch(/already have a request/);
  });

  it('refuses a second open request with already-exists and keeps only the first', async () => {
    const { user, agent } = await member();
    expect((await ask(agent)).statusCode).toBe(201);
    const second = await ask(agent, `${motivation} Again.`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'already-exists',
      message: expect.stringMatching(/already have a request/),
    });
    expect(await requestsOf(user)).toHaveLength(1);
  });

  it('refuses an account younger than seven days, saying when it may ask', async () => {
    const { user, agent } = await member({ createdAt: daysAgo(2) });
    const res = await ask(agent);
    expect(res.statusCode).toBe(412);
    expect(res.json().error).toMatchObject({
      code: 'failed-precondition',
      message: expect.stringMatching(/7 days old: you can ask from/),
    });
    expect(await requestsOf(user)).toEqual([]);
    expect((await mine(agent)).eligibility).toEqual({
      eligible: false,
      reason: expect.stringMatching(/7 days old/),
    });
  });

  it('refuses a muted member until the mute ends', async () => {
    const { user, agent } = await member({
      mutedUntil: new Date(Date.now() + 3_600_000),
      muteReason: 'Heated thread',
    });
    const res = await ask(agent);
    expect(res.statusCode).toBe(412);
    expect(res.json().error.message).toMatch(/muted until/);
    expect(await requestsOf(user)).toEqual([]);
    await db()
      .update(users)
      .set({ mutedUntil: daysAgo(1) })
      .where(eq(users.id, user.id));
    expect((await ask(agent)).statusCode).toBe(201);
  });

  it('checks the motivation and lets only plain members ask', async () => {
    const { user, agent } = await member();
    const short = await ask(agent, 'Me please');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('invalid-argument');
    const long = await ask(agent, 'x'.repeat(1_001));
    expect(long.statusCode).toBe(400);
    expect(await requestsOf(user)).toEqual([]);

    const moderator = await member({ role: 'moderator' as Role });
    expect((await ask(moderator.agent)).statusCode).toBe(403);
    expect((await mine(moderator.agent)).eligibility).toEqual({
      eligible: false,
      reason: expect.stringMatching(/your role is moderator/),
    });
  });
});

describe('deciding a request', () => {
  it('approves: the member becomes a moderator, the audit log and a mail say so', async () => {
    const { user, agent } = await member({ name: 'Marnie Approved' });
    const id = (await ask(agent)).json().request.id as number;
    const res = await approve(admin, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ id, status: 'approved', decisionReason: null });
    expect(await roleOf(user)).toBe('moderator');

    const onRequest = await auditFor('mod-request', String(id));
    expect(onRequest).toMatchObject([{ action: 'mod-request.approve' }]);
    const onUser = await auditFor('user', user.id);
    expect(onUser).toMatchObject([
      { action: 'user.role', before: { role: 'user' }, after: { role: 'moderator' } },
    ]);

    const mail = (await readMails(t)).find((sent) => sent.to.includes(user.email));
    expect(mail?.subject).toBe('Your moderator request was approved — Viewpoint');
    expect(mail?.body).toContain('http://viewpoint.test/user-profile');
    expect(mail?.body).toContain('<html');

    const seen = await mine(agent);
    expect(seen.request).toMatchObject({ id, status: 'approved' });
  });

  it('rejects with a reason the member reads on their page and in the mail', async () => {
    const { user, agent } = await member();
    const id = (await ask(agent)).json().request.id as number;
    const res = await reject(admin, id, 'Not enough activity yet');
    expect(res.statusCode).toBe(200);
    expect(await roleOf(user)).toBe('user');
    expect((await mine(agent)).request).toMatchObject({
      status: 'rejected',
      decisionReason: 'Not enough activity yet',
      decidedAt: expect.any(String),
    });
    expect(await auditFor('mod-request', String(id))).toMatchObject([
      { action: 'mod-request.reject', reason: 'Not enough activity yet' },
    ]);
    const mail = (await readMails(t)).find((sent) => sent.to.includes(user.email));
    expect(mail?.subject).toBe('Your moderator request was not approved — Viewpoint');
    expect(mail?.body).toContain('Not enough activity yet');
    // A decided request leaves room for a new one.
    expect((await mine(agent)).eligibility.eligible).toBe(true);
  });

  it('refuses to decide twice and changes nothing', async () => {
    const { user, agent } = await member();
    const id = (await ask(agent)).json().request.id as number;
    expect((await reject(admin, id, 'Not now, sorry')).statusCode).toBe(200);
    const again = await approve(admin, id);
    expect(again.statusCode).toBe(412);
    expect(again.json().error).toMatchObject({
      code: 'failed-precondition',
      message: 'This request was already rejected',
    });
    expect(await roleOf(user)).toBe('user');
    const [row] = await requestsOf(user);
    expect(row).toMatchObject({ status: 'rejected', decisionReason: 'Not now, sorry' });
    expect(await auditFor('mod-request', String(id))).toHaveLength(1);
  });

  it('refuses to approve a member who was blocked meanwhile', async () => {
    const { user, agent } = await member();
    const id = (await ask(agent)).json().request.id as number;
    await db().update(users).set({ banned: true, banReason: 'Spam' }).where(eq(users.id, user.id));
    const res = await approve(admin, id);
    expect(res.statusCode).toBe(412);
    expect(res.json().error.message).toMatch(/blocked: reject the request instead/);
    expect(await roleOf(user)).toBe('user');
    expect((await requestsOf(user))[0]?.status).toBe('open');
  });

  it('answers not-found for a missing request and checks the reason', async () => {
    const missing = await approve(admin, 987_654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not-found');
    const { agent } = await member();
    const id = (await ask(agent)).json().request.id as number;
    const noReason = await reject(admin, id, '');
    expect(noReason.statusCode).toBe(400);
    expect((await mine(agent)).request?.status).toBe('open');
  });

  it('is for admins only', async () => {
    const { agent } = await member();
    const id = (await ask(agent)).json().request.id as number;
    for (const role of ['user', 'moderator', 'experienced_moderator'] as Role[]) {
      const other = await member({ role });
      expect((await approve(other.agent, id)).statusCode).toBe(403);
      expect((await other.agent.inject({ url: '/api/mod-requests' })).statusCode).toBe(403);
    }
    expect((await mine(agent)).request?.status).toBe('open');
  });
});

describe('the list of requests', () => {
  it('pages through one status with each requester’s history', async () => {
    const { user, agent } = await member();
    const reporter = await buildAccount(db());
    const [category] = await db().select().from(categories).limit(1);
    const [post] = await db()
      .insert(posts)
      .values({
        categoryId: category?.id ?? 1,
        authorId: user.id,
        title: 'A reported thread',
        bodySource: 'Body',
        bodyHtml: '<p>Body</p>',
      })
      .returning();
    const postId = post?.id ?? 0;
    const [reply] = await db()
      .insert(comments)
      .values({ postId, authorId: user.id, bodySource: 'Reply', bodyHtml: '<p>Reply</p>' })
      .returning();
    await db()
      .insert(reports)
      .values([
        { postId, reporterId: reporter.id, reason: 'Spam' },
        { postId, commentId: reply?.id ?? 0, reporterId: reporter.id, reason: 'Rude' },
      ]);
    await db().insert(auditLog).values({
      actorId: user.id,
      action: 'user.mute',
      targetType: 'user',
      targetId: user.id,
    });
    expect((await ask(agent)).statusCode).toBe(201);
    const seen: { requester: { id: string }; requesterHistory: unknown }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/mod-requests?status=open&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await admin.inject({ url: query })).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const open = await db().select().from(modRequests).where(eq(modRequests.status, 'open'));
    expect(seen).toHaveLength(open.length);
    const entry = seen.find((item) => item.requester.id === user.id);
    expect(entry?.requesterHistory).toEqual({
      joinedAt: user.createdAt.toISOString(),
      postCount: 1,
      commentCount: 1,
      reportsAgainst: 2,
      sanctions: 1,
    });
    const approved = (await admin.inject({ url: '/api/mod-requests?status=approved' })).json<{
      items: ModRequest[];
    }>();
    expect(approved.items.every((item: { status: string }) => item.status === 'approved')).toBe(
      true,
    );
    const bad = await admin.inject({ url: '/api/mod-requests?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
  });
});
