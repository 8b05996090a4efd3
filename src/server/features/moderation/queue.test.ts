import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewItem } from '../../../shared/moderation.js';
import { reports } from '../../platform/db/schema.js';
import type { Agent } from '../../test/accounts.js';
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
  items: ReviewItem[];
  nextCursor: string | null;
}
async function queue(agent: Agent, query = ''): Promise<Queue> {
  const res = await agent.inject({ url: `/api/moderation/reports${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Queue>();
}
async function wholeQueue(agent: Agent, limit: number): Promise<ReviewItem[]> {
  const items: ReviewItem[] = [];
  let cursor: string | null = null;
  do {
    const page: Queue = await queue(agent, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
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
      (item) => item.author.id === author.user.id,
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
    expect(left.map((item) => item.target.commentId)).toEqual([reply.id]);
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
    const all = await wholeQueue(moderator.agent, 50);
    const paged = await wholeQueue(admin.agent, 2);
    expect(paged.map((item) => item.target.postId)).toEqual(all.map((item) => item.target.postId));
    expect(new Set(paged.map((item) => item.target.postId)).size).toBe(paged.length);
    const mine = paged.filter((item) => item.author.id === author.user.id);
    expect(mine).toHaveLength(5);
    // The oldest reports come first.
    expect(paged.slice(0, 5)).toEqual(mine);
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
