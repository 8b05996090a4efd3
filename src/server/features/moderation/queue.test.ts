import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../shared/chat.js';
import {
  isChatReviewItem,
  type ReviewItem,
  type ReviewQueueItem,
} from '../../../shared/review-queue.js';
import { chatReports, reports } from '../../schema.js';
import type { Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  insertPost,
  person,
  writePost,
  writeReply,
  type Person,
  moderate,
  report,
} from '../../test/factories.js';

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
interface Queue {
  items: ReviewQueueItem[];
  nextCursor: string | null;
}
async function queue(agent: Agent, query = ''): Promise<Queue> {
  const res = await agent.inject({ url: `/api/moderation/reports${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Queue>();
}
async function wholeQueue(agent: Agent, limit: number): Promise<ReviewQueueItem[]> {
  const items: ReviewQueueItem[] = [];
  let cursor: string | null = null;
  do {
    const page: Queue = await queue(agent, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const queueKey = (item: ReviewQueueItem) =>
  isChatReviewItem(item)
    ? `chat-${item.target.messageId}`
    : `${item.target.type}-${item.target.postId}-${item.target.commentId ?? ''}`;

async function chatRoom(name: string): Promise<ChatRoom> {
  const res = await admin.agent.inject({
    method: 'POST',
    url: '/api/chat/rooms',
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().room as ChatRoom;
}

async function chatMessage(agent: Agent, roomId: number, body: string): Promise<ChatMessage> {
  const res = await agent.inject({
    method: 'POST',
    url: `/api/chat/rooms/${roomId}/messages`,
    remoteAddress: `10.70.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: { body, nonce: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}

async function reportChat(agent: Agent, id: number, body: object) {
  const res = await agent.inject({
    method: 'POST',
    url: `/api/chat/messages/${id}/reports`,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(204);
}

describe('the review queue', () => {
  it('groups open reports by item, oldest item first, with the author, their history and the reporters', async () => {
    const author = await person(t, 'user', { name: 'Prolific Poster' });
    const [first, second] = [await person(t), await person(t)];
    const thread = await writePost(t, author.agent, { title: 'Reported thread' });
    const other = await insertPost(t, {
      authorId: author.user.id,
      categoryId: thread.category.id,
      title: 'Quiet thread',
    });
    const reply = await writeReply(author.agent, other, { body: 'A **reported** reply' });
    await report(first.agent, { postId: thread.id }, { category: 'spam', reason: 'Ads' });
    await report(first.agent, { commentId: reply.id }, { category: 'abuse', reason: 'Rude' });
    await report(second.agent, { postId: thread.id }, { category: 'off-topic', reason: '' });

    const items = (await wholeQueue(moderator.agent, 50)).filter(
      (item): item is ReviewItem => item.author.id === author.user.id && !isChatReviewItem(item),
    );
    expect(items.map((item) => [item.target.type, item.target.commentId])).toEqual([
      ['post', null],
      ['comment', reply.id],
    ]);
    const [threadItem, replyItem] = items as [ReviewItem, ReviewItem];
    expect(threadItem.target).toMatchObject({
      postId: thread.id,
      title: 'Reported thread',
      category: { id: thread.category.id },
      hidden: null,
      locked: false,
      pinned: false,
      deleted: false,
    });
    expect(threadItem.reports.map((r) => [r.reporter.id, r.category, r.reason])).toEqual([
      [first.user.id, 'spam', 'Ads'],
      [second.user.id, 'off-topic', ''],
    ]);
    expect(threadItem.firstReportedAt).toBe(threadItem.reports[0]?.createdAt);
    expect(threadItem.author).toMatchObject({ id: author.user.id, name: 'Prolific Poster' });
    expect(threadItem.authorHistory).toEqual({
      joinedAt: author.user.createdAt.toISOString(),
      postCount: 2,
      commentCount: 1,
      reportsAgainst: 3,
      sanctions: 0,
    });
    expect(replyItem.target).toMatchObject({
      type: 'comment',
      postId: other,
      title: 'Quiet thread',
      bodyHtml: expect.stringContaining('<strong>reported</strong>'),
    });
    expect(replyItem.reports).toHaveLength(1);

    // Acting on an item takes it out of the queue.
    await moderate(moderator.agent, { postId: thread.id }, { action: 'dismiss' });
    const left = (await wholeQueue(moderator.agent, 50)).filter(
      (item) => item.author.id === author.user.id,
    );
    expect(left.map((item) => !isChatReviewItem(item) && item.target.commentId)).toEqual([
      reply.id,
    ]);
  });

  it('pages through every reported item exactly once, even items first reported at the same time', async () => {
    const author = await person(t, 'moderator');
    const reporter = await person(t);
    for (let n = 0; n < 5; n += 1) {
      const post = await writePost(t, author.agent, { title: `Spam number ${n + 1}` });
      await report(reporter.agent, { postId: post.id });
    }
    // Two items whose first reports share one timestamp.
    await db()
      .update(reports)
      .set({ createdAt: sql`'2020-01-01T00:00:00.123456Z'::timestamptz` })
      .where(eq(reports.reporterId, reporter.user.id));
    const all = (await wholeQueue(moderator.agent, 50)).map(queueKey);
    const paged = await wholeQueue(admin.agent, 2);
    expect(paged.map(queueKey)).toEqual(all);
    expect(new Set(paged.map(queueKey)).size).toBe(paged.length);
    const mine = paged.filter((item) => item.author.id === author.user.id);
    expect(mine).toHaveLength(5);
    // The oldest reports come first.
    expect(paged.slice(0, 5)).toEqual(mine);
  });

  it('lists reported chat messages as their own kind of item, by their first report, next to threads and replies', async () => {
    const room = await chatRoom('Queue talk');
    const author = await person(t, 'user', { name: 'Chatty Member' });
    const [first, second] = [await person(t), await person(t)];
    const thread = await writePost(t, author.agent, { title: 'Reported before the chat' });
    const message = await chatMessage(author.agent, room.id, 'Spoiler: **the dog** survives');
    await report(first.agent, { postId: thread.id }, { category: 'spam', reason: 'Ads' });
    await reportChat(second.agent, message.id, { category: 'abuse', reason: 'Spoils it' });
    await reportChat(first.agent, message.id, { category: 'other', reason: 'No warning' });

    const mine = (await wholeQueue(moderator.agent, 50)).filter(
      (item) => item.author.id === author.user.id,
    );
    expect(mine.map(queueKey)).toEqual([`post-${thread.id}-`, `chat-${message.id}`]);
    const item = mine[1];
    if (!item || !isChatReviewItem(item)) throw new Error('no chat item');
    expect(item.target).toEqual({
      type: 'chat-message',
      messageId: message.id,
      room: { id: room.id, name: 'Queue talk', archived: false },
      bodyHtml: expect.stringContaining('<strong>the dog</strong>'),
      hidden: null,
      deleted: false,
      editedAt: null,
      createdAt: message.createdAt,
    });
    expect(item.author).toMatchObject({ id: author.user.id, name: 'Chatty Member' });
    expect(item.authorHistory).toMatchObject({
      joinedAt: author.user.createdAt.toISOString(),
      postCount: 1,
    });
    expect(item.reports.map((r) => [r.reporter.id, r.category, r.reason])).toEqual([
      [second.user.id, 'abuse', 'Spoils it'],
      [first.user.id, 'other', 'No warning'],
    ]);
    expect(item.firstReportedAt).toBe(item.reports[0]?.createdAt);

    // Dismissing through chat's moderation takes it out of the queue, without hiding it.
    const dismissed = await moderator.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${message.id}/moderation`,
      payload: { action: 'dismiss' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const left = (await wholeQueue(moderator.agent, 50)).filter(
      (entry) => entry.author.id === author.user.id,
    );
    expect(left.map(queueKey)).toEqual([`post-${thread.id}-`]);
  });

  it('pages through threads and chat messages first reported at the same moment exactly once', async () => {
    const room = await chatRoom('Same moment');
    const author = await person(t, 'moderator');
    const reporter = await person(t);
    for (let n = 0; n < 3; n += 1) {
      const post = await writePost(t, author.agent, { title: `Twin spam ${n + 1}` });
      await report(reporter.agent, { postId: post.id });
      const message = await chatMessage(author.agent, room.id, `Twin chat spam ${n + 1}`);
      await reportChat(reporter.agent, message.id, { category: 'spam' });
    }
    const moment = sql`'2019-06-01T00:00:00.654321Z'::timestamptz`;
    await db()
      .update(reports)
      .set({ createdAt: moment })
      .where(eq(reports.reporterId, reporter.user.id));
    await db()
      .update(chatReports)
      .set({ createdAt: moment })
      .where(eq(chatReports.reporterId, reporter.user.id));
    const all = (await wholeQueue(moderator.agent, 50)).map(queueKey);
    for (const limit of [1, 2, 4]) {
      const paged = (await wholeQueue(admin.agent, limit)).map(queueKey);
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(paged.length);
    }
    // The oldest reports come first: three threads, then three chat messages.
    expect(all.slice(0, 6).map((key) => key.split('-')[0])).toEqual([
      'post',
      'post',
      'post',
      'chat',
      'chat',
      'chat',
    ]);
  });

  it('refuses a page link that is not ours, a page too large, and plain users', async () => {
    const bad = await moderator.agent.inject({ url: '/api/moderation/reports?cursor=bogus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid-argument');
    const large = await moderator.agent.inject({ url: '/api/moderation/reports?limit=500' });
    expect(large.statusCode).toBe(400);
    const member = await person(t);
    const refused = await member.agent.inject({ url: '/api/moderation/reports' });
    expect(refused.statusCode).toBe(403);
  });
});
