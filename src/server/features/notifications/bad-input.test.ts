import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../shared/notifications.js';
import { notifications } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readMails } from '../../test/auth-helpers.js';
import {
  buildUser,
  inHours,
  person,
  settleJobs,
  writePost,
  writeReply,
  type Person,
} from '../../test/factories.js';

/** Mentions, notifications and unsubscribe links refuse what they should and change nothing. */
let t: TestApp;
let ana: Person;
let ben: Person;
const db = () => t.platforms.database.db;

async function listOf(who: Person) {
  await settleJobs(t);
  const res = await who.agent.inject({ method: 'GET', url: '/api/notifications' });
  return res.json<NotificationList>();
}

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  [ana, ben] = await Promise.all([person(t), person(t)]);
});
afterAll(() => t.close());

describe('mentions that tell nobody', () => {
  it('caps a flood at 50 members and skips unknown, blocked and quoted-in-code names', async () => {
    const crowd = await Promise.all(Array.from({ length: 60 }, () => buildUser(db())));
    const blocked = await buildUser(db(), { banned: true, banExpires: new Date(inHours(24)) });
    const coder = await buildUser(db());
    const names = crowd.map((user) => `@${user.username ?? ''}`);
    const unknown = Array.from({ length: 140 }, (_, i) => `@nobody_${i}`);
    const thread = await writePost(t, ben.agent, { title: 'Everyone look at this' });
    await writeReply(ana.agent, thread.id, {
      body: `${names.join(' ')} ${unknown.join(' ')} @${blocked.username ?? ''}\n\n\`@${coder.username ?? ''}\``,
    });
    await settleJobs(t);
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, 'mention'));
    expect(told).toHaveLength(50);
    const ids = new Set(told.map((row) => row.userId));
    expect(ids.has(blocked.id)).toBe(false);
    expect(ids.has(coder.id)).toBe(false);
  });
});

describe("a member's notifications", () => {
  it("refuses to read, remove or count someone else's, changing nothing", async () => {
    const thread = await writePost(t, ana.agent, { title: 'Whose notification is it' });
    await writeReply(ben.agent, thread.id, { body: 'A reply for Ana' });
    const [own] = (await listOf(ana)).items;
    expect(own).toBeDefined();
    for (const [method, url] of [
      ['POST', `/api/notifications/${own?.id}/read`],
      ['DELETE', `/api/notifications/${own?.id}`],
    ] as const) {
      const res = await ben.agent.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found' } });
    }
    expect((await listOf(ana)).items[0]).toMatchObject({ id: own?.id, readAt: null });
    const read = await ana.agent.inject({
      method: 'POST',
      url: `/api/notifications/${own?.id}/read`,
    });
    expect(read.json()).toEqual({ unreadCount: 0 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses malformed settings, watch levels, reading places and pages', async () => {
    const [owner, other] = await Promise.all([person(t), person(t)]);
    const thread = await writePost(t, owner.agent, { title: 'Bad input thread' });
    const elsewhereThread = await writePost(t, other.agent, { title: 'Another thread here' });
    const elsewhere = await writeReply(ben.agent, elsewhereThread.id, { body: 'Elsewhere' });
    const cases = [
      ['PUT', '/api/notifications/settings', { reply: 'sometimes' }],
      ['PUT', '/api/notifications/settings', { gossip: 'email' }],
      ['PUT', `/api/forum/posts/${thread.id}/watch`, { level: 'loudly' }],
      ['PUT', `/api/forum/posts/${thread.id}/reading`, { lastReadReplyId: elsewhere.id }],
      ['PUT', `/api/forum/posts/${thread.id}/reading`, { lastReadReplyId: -1 }],
      ['GET', '/api/notifications?limit=0', undefined],
      ['GET', '/api/users/suggest?q=', undefined],
    ] as const;
    for (const [method, url, payload] of cases) {
      const res = await owner.agent.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    }
    const settings = await owner.agent.inject({
      method: 'GET',
      url: '/api/notifications/settings',
    });
    expect(settings.json()).toMatchObject({ settings: { reply: 'email' } });
    await settleJobs(t);
    const reading = await owner.agent.inject({
      method: 'GET',
      url: `/api/forum/posts/${thread.id}/reading`,
    });
    expect(reading.json()).toMatchObject({ reading: { watch: 'watching' } });
  });
});

describe('unsubscribe links', () => {
  it("switch one type's e-mail off with one click, and a forged one changes nothing", async () => {
    const author = await person(t);
    const thread = await writePost(t, author.agent, { title: 'Mail me replies' });
    await writeReply(ana.agent, thread.id, { body: 'A reply that mails' });
    await settleJobs(t);
    const mail = (await readMails(t)).find((m) => m.to === author.user.email);
    const token = /unsubscribe\?token=([A-Za-z0-9._~%-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const forged = `${token.slice(0, -4)}AAAA`;
    const forgedAnswer = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${forged}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forgedAnswer.statusCode).toBe(400);
    expect(forgedAnswer.json()).toMatchObject({ error: { code: 'invalid-argument' } });

    const described = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${token}`,
    });
    expect(described.json()).toMatchObject({ type: 'reply', delivery: 'email' });
    // A mail client's one-click POST: a form body, no cookie, a foreign origin.
    const clicked = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.com',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toMatchObject({ type: 'reply', delivery: 'app' });
    const settings = await author.agent.inject({
      method: 'GET',
      url: '/api/notifications/settings',
    });
    expect(settings.json()).toMatchObject({ settings: { reply: 'app', mention: 'email' } });
  });
});
