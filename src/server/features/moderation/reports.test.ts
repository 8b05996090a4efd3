import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../shared/chat.js';
import type { PostList } from '../../../shared/forum.js';
import type { NewsArticle } from '../../../shared/news.js';
import type { MyReport } from '../../../shared/reports.js';
import type { AuditEntry } from '../../../shared/audit-log.js';
import { comments, posts, reports } from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  person,
  writePost,
  writeReply,
  type Person,
  moderate,
  report,
  writeArticle,
} from '../../test/factories.js';
import { auditOf } from '../../test/state.js';

let t: TestApp;
let author: Person;
let moderator: Person;
let reporters: Person[];

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { FORUM_LIST_CACHE_MS: '0' } });
  // Threads come from a moderator (not rate limited).
  author = await person(t, 'moderator');
  moderator = await person(t, 'moderator');
  reporters = [await person(t), await person(t), await person(t)];
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const hiddenReason = 'Hidden pending review after reports from 3 members';

describe('reporting', () => {
  it('stores the category and reason, once per member while open', async () => {
    const post = await writePost(t, author.agent);
    const [first] = reporters;
    if (!first) throw new Error('no reporter');
    await report(first.agent, { postId: post.id }, { category: 'abuse', reason: 'Name calling' });
    const again = await first.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${post.id}/report`,
      payload: { category: 'spam', reason: '' },
    });
    expect(again.statusCode).toBe(200);
    const stored = await db().select().from(reports).where(eq(reports.postId, post.id));
    expect(stored).toEqual([
      expect.objectContaining({ category: 'abuse', reason: 'Name calling', status: 'open' }),
    ]);
  });

  it('refuses an unknown category or "other" without words, and stores nothing', async () => {
    const post = await writePost(t, author.agent);
    for (const payload of [
      { category: 'boring', reason: 'Not my taste' },
      { category: 'other', reason: '' },
      { reason: 'No category' },
    ]) {
      const res = await reporters[0]?.agent.inject({
        method: 'POST',
        url: `/api/forum/posts/${post.id}/report`,
        payload,
      });
      expect(res?.statusCode).toBe(400);
      expect(res?.json().error.code).toBe('invalid-argument');
    }
    expect(await db().select().from(reports).where(eq(reports.postId, post.id))).toEqual([]);
  });

  it('hides a thread pending review at its third distinct reporter', async () => {
    const post = await writePost(t, author.agent, { title: 'Buy cheap watches' });
    const [first, second, third] = reporters as [Person, Person, Person];
    await report(first.agent, { postId: post.id });
    await report(second.agent, { postId: post.id });
    // The same member twice is still two reporters' worth of nothing: one open report.
    await first.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${post.id}/report`,
      payload: { category: 'spam', reason: '' },
    });
    let [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.hiddenAt).toBeNull();

    await report(third.agent, { postId: post.id });
    [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.hiddenAt).not.toBeNull();
    expect(row?.hiddenReason).toBe(hiddenReason);

    const anonymous = await createAgent(t.app).inject({ url: `/api/forum/posts/${post.id}` });
    expect(anonymous.statusCode).toBe(404);
    expect((await first.agent.inject({ url: `/api/forum/posts/${post.id}` })).statusCode).toBe(404);
    const list = (await createAgent(t.app).inject({ url: '/api/forum/posts?sort=newest' })).json<{
      items: PostList['items'];
    }>();
    expect(list.items.map((item) => item.id)).not.toContain(post.id);

    for (const agent of [author.agent, moderator.agent]) {
      const seen = await agent.inject({ url: `/api/forum/posts/${post.id}` });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().post).toMatchObject({
        id: post.id,
        hidden: { reason: hiddenReason },
        viewer: { canReply: false },
      });
    }
  });

  it('hides a reply at its third distinct reporter, leaving a tombstone for others', async () => {
    const post = await writePost(t, author.agent);
    const replier = await person(t);
    const reply = await writeReply(replier.agent, post.id, { body: 'You are all fools' });
    for (const someone of reporters) await report(someone.agent, { commentId: reply.id });
    const [row] = await db().select().from(comments).where(eq(comments.id, reply.id));
    expect(row?.hiddenReason).toBe(hiddenReason);
    // The site itself hid it: the audit log has no member as its actor.
    expect(await auditOf(t, 'comment', reply.id)).toMatchObject([
      { actorId: null, action: 'comment.hide', reason: hiddenReason, after: { reporters: 3 } },
    ]);
    const admin = await person(t, 'admin');
    const { entries } = (await admin.agent.inject({ url: '/api/audit?action=comment.hide' })).json<{
      entries: AuditEntry[];
    }>();
    const entry = entries.find((found) => found.target.id === String(reply.id));
    expect(entry?.actor).toBeNull();
    const forOthers = await createAgent(t.app).inject({
      url: `/api/forum/posts/${post.id}/comments`,
    });
    expect(forOthers.json().items[0]).toMatchObject({ id: reply.id, deleted: true, hidden: null });
    const forAuthor = await replier.agent.inject({ url: `/api/forum/posts/${post.id}/comments` });
    expect(forAuthor.json().items[0]).toMatchObject({
      id: reply.id,
      bodySource: 'You are all fools',
      hidden: { reason: hiddenReason },
    });
  });
});

describe("a reporter's own reports", () => {
  it('lists them newest first with the item, and shows what became of each', async () => {
    const reporter = await person(t);
    const writer = await person(t);
    const post = await writePost(t, writer.agent, { title: 'A thread to flag' });
    const reply = await writeReply(writer.agent, post.id);
    await report(reporter.agent, { postId: post.id }, { category: 'off-topic', reason: '' });
    await report(reporter.agent, { commentId: reply.id }, { category: 'other', reason: 'Odd' });
    const mine = async (query = '') => {
      const res = await reporter.agent.inject({ url: `/api/reports/mine${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: MyReport[]; nextCursor: string | null }>();
    };
    const open = await mine();
    expect(open.items).toMatchObject([
      {
        target: {
          type: 'comment',
          postId: post.id,
          commentId: reply.id,
          title: 'A thread to flag',
          link: `/forum/post/${post.id}?reply=${reply.id}`,
        },
        category: 'other',
        reason: 'Odd',
        status: 'open',
        resolution: null,
        resolvedAt: null,
      },
      {
        target: { type: 'post', link: `/forum/post/${post.id}` },
        category: 'off-topic',
        status: 'open',
      },
    ]);

    const hidden = await moderate(
      moderator.agent,
      { postId: post.id },
      { action: 'hide', reason: 'Off-topic rant' },
    );
    expect(hidden.statusCode).toBe(200);
    const dismissed = await moderate(
      moderator.agent,
      { commentId: reply.id },
      { action: 'dismiss' },
    );
    expect(dismissed.statusCode).toBe(200);
    const after = await mine();
    expect(after.items.map((item) => [item.status, item.resolution])).toEqual([
      ['resolved', 'dismiss'],
      ['resolved', 'hide'],
    ]);
    expect(after.items[0]?.resolvedAt).not.toBeNull();

    const first = await mine('?limit=1');
    expect(first.items).toHaveLength(1);
    const second = await mine(`?limit=1&cursor=${first.nextCursor ?? ''}`);
    expect(second.items.map((item) => item.target.type)).toEqual(['post']);
    expect(second.nextCursor).toBeNull();
    const others = await (await person(t)).agent.inject({ url: '/api/reports/mine' });
    expect(others.json().items).toEqual([]);
  });

  it('lists chat reports and news comments with the rest, each where it is shown', async () => {
    const reporter = await person(t);
    const writer = await person(t);
    const admin = await person(t, 'admin');
    const post = await writePost(t, writer.agent, { title: 'Older flag' });
    await report(reporter.agent, { postId: post.id }, { category: 'spam', reason: '' });
    const article = await writeArticle(admin.agent, { title: 'Festival line-up' });
    const opened = await reporter.agent.inject({ url: `/api/news/${article.id}` });
    const discussion = opened.json<{ article: NewsArticle }>().article.discussionPostId ?? 0;
    const comment = await writeReply(writer.agent, discussion, { body: 'Buy my tickets' });
    await report(reporter.agent, { commentId: comment.id }, { category: 'spam', reason: '' });
    const rooms = await reporter.agent.inject({ url: '/api/chat/rooms' });
    const general = rooms.json<{ items: ChatRoom[] }>().items.find((room) => room.isGeneral);
    if (!general) throw new Error('no General room');
    const sent = await writer.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${general.id}/messages`,
      payload: { body: 'Cheap posters here', nonce: randomUUID() },
    });
    const message = sent.json<{ message: ChatMessage }>().message;
    const reported = await reporter.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${message.id}/reports`,
      payload: { category: 'spam' },
    });
    expect(reported.statusCode, reported.body).toBe(204);
    const hidden = await moderator.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${message.id}/moderation`,
      payload: { action: 'hide', reason: 'Spam' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);

    const all = await reporter.agent.inject({ url: '/api/reports/mine' });
    const items = all.json<{ items: MyReport[] }>().items;
    expect(items).toMatchObject([
      {
        target: {
          type: 'message',
          roomId: general.id,
          messageId: message.id,
          title: general.name,
          link: `/chat?room=${general.id}&message=${message.id}`,
        },
        status: 'resolved',
        resolution: 'hide',
      },
      {
        target: {
          type: 'comment',
          postId: discussion,
          commentId: comment.id,
          title: 'Festival line-up',
          link: `/news/${article.id}?reply=${comment.id}`,
        },
        status: 'open',
      },
      { target: { type: 'post', postId: post.id, link: `/forum/post/${post.id}` } },
    ]);
    expect(new Set(items.map((item) => item.id)).size).toBe(3);

    // One at a time, across both kinds, each exactly once.
    const paged: MyReport[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page += 1) {
      const res = await reporter.agent.inject({
        url: `/api/reports/mine?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      });
      const body = res.json<{ items: MyReport[]; nextCursor: string | null }>();
      paged.push(...body.items);
      if (body.nextCursor === null) break;
      cursor = body.nextCursor;
    }
    expect(paged.map((item) => item.id)).toEqual(items.map((item) => item.id));
  });

  it('refuses a page link that is not one of ours', async () => {
    const res = await reporters[0]?.agent.inject({ url: '/api/reports/mine?cursor=bogus' });
    expect(res?.statusCode).toBe(400);
    expect(res?.json().error.code).toBe('invalid-argument');
  });
});
