import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, ThreadReading } from '../../../shared/notifications.js';
import type { PostList } from '../../../shared/forum.js';
import type { NewsArticle, newsListResponse } from '../../../shared/news.js';
import type { z } from 'zod';

type NewsList = z.infer<typeof newsListResponse>;
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readMails } from '../../test/auth-helpers.js';
import {
  moderate,
  person,
  settleJobs,
  writeArticle,
  writePost,
  writeReply,
  type Person,
} from '../../test/factories.js';

/** Ana replies to Ben's thread mentioning Cleo: who is told, how, and what Ben sees as new. */
let t: TestApp;
let ana: Person;
let ben: Person;
let cleo: Person;
let dan: Person;

const nameOf = (p: Person) => p.user.username ?? '';

async function notificationsOf(who: Person, query = '') {
  const res = await who.agent.inject({ method: 'GET', url: `/api/notifications${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationList>();
}

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  [ana, ben, cleo, dan] = await Promise.all([person(t), person(t), person(t), person(t)]);
});
afterAll(() => t.close());

describe('a reply', () => {
  it("tells the thread's author, the mentioned member once each, by app and by e-mail", async () => {
    const thread = await writePost(t, ben.agent, { title: 'Best heist films of the decade' });
    await settleJobs(t);
    const mailsBefore = (await readMails(t)).length;
    const reply = await writeReply(ana.agent, thread.id, {
      body: `Agreed, and @${nameOf(cleo)} will say the same. @${nameOf(cleo)} again.`,
    });
    await settleJobs(t);

    const forBen = await notificationsOf(ben);
    expect(forBen.unreadCount).toBe(1);
    expect(forBen.items[0]).toMatchObject({
      type: 'reply',
      actor: { username: nameOf(ana) },
      title: 'Best heist films of the decade',
      url: `/forum/post/${thread.id}?reply=${reply.id}`,
      readAt: null,
    });
    const forCleo = await notificationsOf(cleo);
    expect(forCleo.items.map((n) => n.type)).toEqual(['mention']);
    expect((await notificationsOf(ana)).items).toEqual([]);
    expect((await notificationsOf(dan)).items).toEqual([]);

    const mails = (await readMails(t)).slice(mailsBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual([ben.user.email, cleo.user.email].sort());
    const toBen = mails.find((mail) => mail.to === ben.user.email);
    expect(toBen?.subject).toContain('replied in “Best heist films of the decade”');
    expect(toBen?.body).toContain(`/forum/post/${thread.id}?reply=${reply.id}`);
    expect(toBen?.body).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=/m,
    );
    expect(toBen?.body).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it("tells the author of a reply that comes before the thread's own job has run", async () => {
    ben = await person(t);
    // The new thread's job waits (as behind a busy queue) while the reply's job runs.
    await t.app.jobs.stop();
    const thread = await writePost(t, ben.agent, { title: 'Answered at once' });
    const held = sql`payload->>'kind' = 'post' and (payload->>'postId')::bigint = ${thread.id}`;
    await t.platforms.database.db.execute(
      sql`update jobs set run_at = now() + interval '1 hour' where ${held}`,
    );
    const reply = await writeReply(ana.agent, thread.id, { body: 'Quick off the mark' });
    t.app.jobs.start();
    await settleJobs(t);

    const forBen = await notificationsOf(ben);
    expect(forBen.items).toMatchObject([
      { type: 'reply', url: `/forum/post/${thread.id}?reply=${reply.id}` },
    ]);
    const list = await ben.agent.inject({ method: 'GET', url: '/api/forum/posts?filter=new' });
    expect(list.json<PostList>().items.find((item) => item.id === thread.id)?.unread).toEqual({
      seen: true,
      replies: 1,
    });
    await t.platforms.database.db.execute(sql`update jobs set run_at = now() where ${held}`);
    await settleJobs(t);
  });

  it("shows Ben's thread as having new replies, opening at the first unread one", async () => {
    ben = await person(t);
    const thread = await writePost(t, ben.agent, { title: 'Slow cinema appreciation' });
    const first = await writeReply(ana.agent, thread.id, { body: 'First!' });
    await settleJobs(t);
    const saved = await ben.agent.inject({
      method: 'PUT',
      url: `/api/forum/posts/${thread.id}/reading`,
      payload: { lastReadReplyId: first.id },
    });
    expect(saved.json<{ reading: ThreadReading }>().reading.unreadReplies).toBe(0);
    // Reading the reply read its notification too.
    const [told] = (await notificationsOf(ben)).items;
    expect(told).toMatchObject({ url: `/forum/post/${thread.id}?reply=${first.id}` });
    expect(told?.readAt).not.toBeNull();
    const second = await writeReply(ana.agent, thread.id, { body: 'Second' });
    await writeReply(cleo.agent, thread.id, { body: 'Third' });
    await settleJobs(t);

    const list = await ben.agent.inject({ method: 'GET', url: '/api/forum/posts?filter=new' });
    const row = list.json<PostList>().items.find((item) => item.id === thread.id);
    expect(row?.unread).toEqual({ seen: true, replies: 2 });
    const reading = await ben.agent.inject({
      method: 'GET',
      url: `/api/forum/posts/${thread.id}/reading`,
    });
    expect(reading.json<{ reading: ThreadReading }>().reading).toMatchObject({
      watch: 'watching',
      lastReadReplyId: first.id,
      firstUnreadReplyId: second.id,
      unreadReplies: 2,
    });
    // Ana wrote the replies: her own are not new to her.
    const forAna = await ana.agent.inject({ method: 'GET', url: '/api/forum/posts' });
    const anaRow = forAna.json<PostList>().items.find((item) => item.id === thread.id);
    expect(anaRow?.unread).toEqual({ seen: true, replies: 1 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/forum/posts' });
    expect(anonymous.json<PostList>().items[0]?.unread).toBeNull();
  });

  it('never shows a reply hidden after the event, nor e-mails it', async () => {
    const mod = await person(t, 'moderator');
    ben = await person(t);
    const thread = await writePost(t, ben.agent, { title: 'A thread that draws spam' });
    await settleJobs(t);
    const before = (await notificationsOf(ben)).unreadCount;
    const mailsBefore = (await readMails(t)).length;
    // The job waits (as behind a busy queue) while a moderator hides the reply.
    await t.app.jobs.stop();
    const spam = await writeReply(dan.agent, thread.id, { body: 'Buy cheap watches' });
    const hidden = await moderate(
      mod.agent,
      { commentId: spam.id },
      { action: 'hide', reason: 'Spam' },
    );
    expect(hidden.statusCode).toBe(200);
    t.app.jobs.start();
    await settleJobs(t);
    const forBen = await notificationsOf(ben);
    expect(forBen.unreadCount).toBe(before);
    expect(forBen.items.some((n) => n.url.endsWith(`reply=${spam.id}`))).toBe(false);
    expect((await readMails(t)).slice(mailsBefore).filter((m) => m.to === ben.user.email)).toEqual(
      [],
    );
  });

  it('drops a delivered notification from the list and count once its reply is hidden', async () => {
    const mod = await person(t, 'moderator');
    ben = await person(t);
    const thread = await writePost(t, ben.agent, { title: 'Another thread that draws spam' });
    const spam = await writeReply(dan.agent, thread.id, { body: 'Cheap watches here' });
    await settleJobs(t);
    expect((await notificationsOf(ben)).unreadCount).toBe(1);
    await moderate(mod.agent, { commentId: spam.id }, { action: 'hide', reason: 'Spam' });
    const after = await notificationsOf(ben);
    expect(after.unreadCount).toBe(0);
    expect(after.items).toEqual([]);
  });

  it('shows a reader which articles are new to them and the replies since they read them', async () => {
    const admin = await person(t, 'admin');
    const reader = await person(t);
    const article = await writeArticle(admin.agent, { title: 'Festival winners announced' });
    const unreadOf = async () => {
      const res = await reader.agent.inject({ method: 'GET', url: '/api/news' });
      return res.json<NewsList>().items.find((item) => item.id === article.id)?.unread;
    };
    expect(await unreadOf()).toEqual({ seen: false, replies: 0 });
    const opened = await reader.agent.inject({ method: 'GET', url: `/api/news/${article.id}` });
    const discussion = opened.json<{ article: NewsArticle }>().article.discussionPostId ?? 0;
    await reader.agent.inject({
      method: 'PUT',
      url: `/api/forum/posts/${discussion}/reading`,
      payload: { lastReadReplyId: 0 },
    });
    expect(await unreadOf()).toEqual({ seen: true, replies: 0 });
    await writeReply(dan.agent, discussion, { body: 'Well deserved' });
    expect(await unreadOf()).toEqual({ seen: true, replies: 1 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/news' });
    expect(anonymous.json<NewsList>().items[0]?.unread).toBeNull();
  });
});
