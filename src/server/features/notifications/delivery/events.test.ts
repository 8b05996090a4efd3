import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '../../../../shared/notifications.js';
import { enqueue } from '../../../core/jobs.js';
import { notifyJobKind } from '../../../core/notify.js';
import { queryRows } from '../../../platform/db/database.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { readMails } from '../../../test/auth-helpers.js';
import {
  categoryId,
  inHours,
  moderate,
  person,
  settleJobs,
  writeArticle,
  writePost,
  writeReply,
  type Person,
} from '../../../test/factories.js';

/** Every kind of event reaches the right member once, with what the bell needs to say it. */
let t: TestApp;
let ana: Person;
let ben: Person;
let admin: Person;
let mod: Person;
const nameOf = (p: Person) => p.user.username ?? '';

async function latest(who: Person): Promise<Notification[]> {
  await settleJobs(t);
  const res = await who.agent.inject({ method: 'GET', url: '/api/notifications' });
  return res.json<NotificationList>().items;
}

const put = (who: Person, url: string, payload: object) =>
  who.agent.inject({ method: 'PUT', url, payload });

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  [ana, ben, admin, mod] = await Promise.all([
    person(t),
    person(t),
    person(t, 'admin'),
    person(t, 'moderator'),
  ]);
});
afterAll(() => t.close());

describe('notification events', () => {
  it('groups likes: "Ana and 2 others liked…", back on top as unread', async () => {
    const thread = await writePost(t, ben.agent, { title: 'Underrated westerns' });
    const likers = [ana, mod, admin];
    for (const liker of likers) {
      const res = await liker.agent.inject({
        method: 'PUT',
        url: `/api/forum/posts/${thread.id}/reaction`,
      });
      expect(res.statusCode).toBe(200);
      await settleJobs(t);
    }
    const likes = (await latest(ben)).filter((n) => n.type === 'reaction');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ othersCount: 2, actor: { username: nameOf(admin) } });
  });

  it('tells an author their reply was hidden, with the reason', async () => {
    const author = await person(t);
    const thread = await writePost(t, ana.agent, { title: 'Festival diaries' });
    const reply = await writeReply(author.agent, thread.id, { body: 'Off-topic rant' });
    await moderate(mod.agent, { commentId: reply.id }, { action: 'hide', reason: 'Off topic' });
    const [notice] = await latest(author);
    expect(notice).toMatchObject({
      type: 'moderation',
      action: 'hidden',
      reason: 'Off topic',
      actor: null,
      url: `/forum/post/${thread.id}?reply=${reply.id}`,
    });
  });

  it('tells a member who opted in of a published article, and not of a scheduled one yet', async () => {
    expect(
      (await put(ben, '/api/notifications/settings', { news: 'app' })).json<{
        settings: Record<string, string>;
      }>().settings.news,
    ).toBe('app');
    const published = await writeArticle(admin.agent, { title: 'Festival line-up announced' });
    await writeArticle(admin.agent, {
      title: 'Next month’s line-up',
      status: 'scheduled',
      publishAt: inHours(5),
    });
    const news = (await latest(ben)).filter((n) => n.type === 'news');
    expect(news.map((n) => n.title)).toEqual(['Festival line-up announced']);
    expect(news[0]?.url).toBe(`/news/${published.id}`);
    expect((await latest(ana)).some((n) => n.type === 'news')).toBe(false);
  });

  it('tells a member mentioned in chat, linking to the message', async () => {
    const general = await ana.agent.inject({ method: 'GET', url: '/api/chat/rooms' });
    const room = general.json<{ items: { id: number }[] }>().items[0];
    const sent = await ana.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${room?.id}/messages`,
      payload: { body: `@${nameOf(ben)} are you watching tonight?`, nonce: 'n-mention-1' },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json<{ message: { id: number } }>().message.id;
    const [mention] = await latest(ben);
    expect(mention).toMatchObject({
      type: 'chat_mention',
      url: `/chat?room=${room?.id}&message=${id}`,
    });
  });

  it('follows watching: a muted thread is quiet, a watched category tells of new threads', async () => {
    const quiet = await person(t);
    const thread = await writePost(t, quiet.agent, { title: 'Quiet please' });
    await settleJobs(t);
    expect(
      (await put(quiet, `/api/forum/posts/${thread.id}/watch`, { level: 'muted' })).statusCode,
    ).toBe(200);
    await writeReply(ben.agent, thread.id, { body: 'Not quiet' });
    expect(await latest(quiet)).toEqual([]);

    const reviews = await categoryId(t, 'reviews');
    await put(ben, `/api/forum/categories/${reviews}/watch`, { level: 'watching' });
    const watched = await ana.agent.inject({
      method: 'GET',
      url: `/api/forum/categories/${reviews}/watch`,
    });
    expect(watched.json()).toEqual({ level: 'normal' });
    await writePost(t, mod.agent, {
      title: 'A review of Heat',
      categoryId: reviews,
      filmTitle: 'Heat',
      rating: 9,
    });
    const [started] = await latest(ben);
    expect(started).toMatchObject({ type: 'reply', action: 'started', title: 'A review of Heat' });
  });

  it('tells 1,200 watchers once each in batches, and a job that runs again tells nobody twice', async () => {
    const db = t.platforms.database.db;
    const author = await person(t);
    const thread = await writePost(t, author.agent, { title: 'A crowded thread' });
    await queryRows(
      db,
      sql`insert into users (id, name, email, username, email_verified)
        select 'crowd-' || n, 'Crowd ' || n, 'crowd' || n || '@example.test', 'crowd_' || n, true
        from generate_series(1, 1200) as n`,
    );
    await queryRows(
      db,
      sql`insert into thread_watches (user_id, post_id, level)
        select 'crowd-' || n, ${thread.id}::bigint, 'watching' from generate_series(1, 1200) as n`,
    );
    // In the app only: the measure is the notifications, not 1,200 e-mails.
    await queryRows(
      db,
      sql`insert into notification_settings (user_id, type, delivery)
        select 'crowd-' || n, 'reply', 'app' from generate_series(1, 1200) as n`,
    );
    const reply = await writeReply(ana.agent, thread.id, { body: 'Hello, crowd' });
    await settleJobs(t);
    const told = () =>
      queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from notifications where comment_id = ${reply.id}`,
      );
    expect((await told())[0]?.n).toBe(1_201);
    await enqueue(db, {
      kind: notifyJobKind,
      payload: { kind: 'reply', commentId: reply.id, mentioned: [] },
    });
    await settleJobs(t);
    expect((await told())[0]?.n).toBe(1_201);
  });

  it('sends at most one e-mail a thread an hour, while every reply shows in the app', async () => {
    const author = await person(t);
    const thread = await writePost(t, author.agent, { title: 'Busy thread' });
    await settleJobs(t);
    const before = (await readMails(t)).length;
    await writeReply(ana.agent, thread.id, { body: 'One' });
    await settleJobs(t);
    await writeReply(ben.agent, thread.id, { body: 'Two' });
    await settleJobs(t);
    const toAuthor = (await readMails(t)).slice(before).filter((m) => m.to === author.user.email);
    expect(toAuthor).toHaveLength(1);
    expect((await latest(author)).filter((n) => n.type === 'reply')).toHaveLength(2);
  });

  it("gathers a digest member's notifications into one e-mail a day", async () => {
    const db = t.platforms.database.db;
    const reader = await person(t);
    await put(reader, '/api/notifications/settings', { mention: 'digest', reply: 'digest' });
    const thread = await writePost(t, reader.agent, { title: 'Digest me' });
    await writeReply(ana.agent, thread.id, { body: 'First of the day' });
    await writeReply(ben.agent, thread.id, { body: `Second, @${nameOf(reader)}` });
    await settleJobs(t);
    const before = (await readMails(t)).filter((m) => m.to === reader.user.email);
    expect(before).toEqual([]);
    // A day later.
    await queryRows(db, sql`update jobs set run_at = now() where kind = 'notify.digest'`);
    await settleJobs(t);
    const digests = (await readMails(t)).filter((m) => m.to === reader.user.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toContain('Your daily digest: 2 new notifications');
    expect(digests[0]?.body).toContain('mentioned you in');
    expect(digests[0]?.body).toContain('Second, @');
  });
});
