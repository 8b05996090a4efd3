import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../../shared/forum.js';
import { categories, comments, postRevisions, posts, reports } from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, person, writePost, writeReply, type Person } from '../../test/factories.js';
import { forumCounts } from '../../test/state.js';

let t: TestApp;
let writer: Person;
let discussions: number;
let reviews: number;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  // A moderator is not rate limited, so one writer can try every bad input in a row.
  writer = await person(t, 'moderator');
  discussions = await categoryId(t, 'discussions');
  reviews = await categoryId(t, 'reviews');
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const tables = { posts, comments, postRevisions, reports, categories };

/** Sends a request that must fail with `status`/`code`, and checks no table changed. */
async function refused(
  request: { method: 'POST' | 'PATCH' | 'GET'; url: string; payload?: object },
  status: number,
  code: string,
  message?: string | RegExp,
) {
  const before = await forumCounts(t, tables);
  const res = await writer.agent.inject(request);
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { code: string; message: string } }>().error;
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toMatch(message);
  expect(await forumCounts(t, tables)).toEqual(before);
  return error;
}

const newThread = (payload: object) => ({
  method: 'POST' as const,
  url: '/api/forum/posts',
  payload,
});
const thread = (overrides: object = {}) => ({
  title: 'A proper title',
  body: 'A proper body',
  categoryId: discussions,
  ...overrides,
});

describe('a new thread with bad input', () => {
  it.each([
    ['an empty title', { title: '   ' }, /Title needs at least 5 characters/],
    ['a short title', { title: 'Hey' }, /Title needs at least 5 characters/],
    ['an over-long title', { title: 'x'.repeat(151) }, /Title can be at most 150 characters/],
    ['an empty body', { body: ' \n ' }, /Body cannot be empty/],
    ['an over-long body', { body: 'x'.repeat(40_001) }, /Body can be at most 40,000 characters/],
    ['six tags', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, /At most 5 tags/],
    ['a tag with spaces', { tags: ['two words'] }, /Tags use letters, digits and dashes/],
    ['a rating of 0', { categoryId: -1, rating: 0 }, /body/],
    ['an unknown field', { score: 3 }, /body/],
  ])('refuses %s', async (_, overrides, message) => {
    await refused(newThread(thread(overrides)), 400, 'invalid-argument', message);
  });

  it.each([0, 11, 7.5])('refuses a rating of %s', async (rating) => {
    await refused(
      newThread(thread({ categoryId: reviews, rating })),
      400,
      'invalid-argument',
      /rating/,
    );
  });

  it('refuses a rating or film title outside Reviews', async () => {
    const message = /Only threads in Reviews carry a film title and a rating/;
    await refused(newThread(thread({ rating: 8 })), 400, 'invalid-argument', message);
    await refused(newThread(thread({ filmTitle: 'Alien' })), 400, 'invalid-argument', message);
  });

  it('refuses a category that does not exist', async () => {
    await refused(
      newThread(thread({ categoryId: 999_999 })),
      404,
      'not-found',
      'Category not found',
    );
  });

  it('refuses an archived category', async () => {
    const [archived] = await db()
      .insert(categories)
      .values({ slug: 'old-news', name: 'Old news', archivedAt: new Date() })
      .returning();
    await refused(
      newThread(thread({ categoryId: archived?.id })),
      400,
      'invalid-argument',
      'Old news is archived: it takes no new threads',
    );
  });
});

describe('bodies that try to carry code', () => {
  it('stores a body of pure HTML and script as harmless text', async () => {
    const post = await writePost(t, writer.agent, {
      body: '<script>alert(document.cookie)</script><img src=x onerror=alert(1)><iframe src="https://evil.example">',
    });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.bodyHtml).not.toMatch(/<(script|img|iframe)\b/);
    expect(row?.bodyHtml).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
    expect(row?.bodySource).toContain('<script>');
  });

  it('stores a javascript: link as text, not as a link', async () => {
    const post = await writePost(t, writer.agent, { body: '[free tickets](javascript:alert(1))' });
    expect(post.bodyHtml).toBe('<p>[free tickets](javascript:alert(1))</p>\n');
  });

  it('shows an image from another site as its alt text', async () => {
    const reply = await writeReply(writer.agent, (await writePost(t, writer.agent)).id, {
      body: '![tracking pixel](https://evil.example/pixel.gif)',
    });
    expect(reply.bodyHtml).toBe('<p>tracking pixel</p>\n');
  });
});

describe('replies with bad input', () => {
  let post: PostDetail;
  beforeAll(async () => {
    post = await writePost(t, writer.agent);
  });
  const reply = (postId: number, payload: object) => ({
    method: 'POST' as const,
    url: `/api/forum/posts/${postId}/comments`,
    payload,
  });

  it('refuses empty and over-long replies', async () => {
    await refused(
      reply(post.id, { body: '   ' }),
      400,
      'invalid-argument',
      /Reply cannot be empty/,
    );
    await refused(
      reply(post.id, { body: 'x'.repeat(10_001) }),
      400,
      'invalid-argument',
      /Reply can be at most 10,000 characters/,
    );
  });

  it('refuses a reply to a locked thread', async () => {
    const locked = await writePost(t, writer.agent);
    await db().update(posts).set({ locked: true }).where(eq(posts.id, locked.id));
    await refused(
      reply(locked.id, { body: 'Let me in' }),
      412,
      'failed-precondition',
      'This thread is locked: it takes no new replies.',
    );
    const [row] = await db().select().from(posts).where(eq(posts.id, locked.id));
    expect(row).toMatchObject({ replyCount: 0, lastActivityAt: new Date(locked.lastActivityAt) });
  });

  it('refuses a reply to a deleted thread', async () => {
    const gone = await writePost(t, writer.agent);
    await writer.agent.inject({ method: 'DELETE', url: `/api/forum/posts/${gone.id}` });
    await refused(
      reply(gone.id, { body: 'Hello?' }),
      412,
      'failed-precondition',
      'This thread was deleted: it takes no new replies.',
    );
  });

  it('refuses a reply to a hidden or missing thread as not found', async () => {
    const author = await person(t);
    const hidden = await writePost(t, author.agent);
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden.id));
    const res = await (await person(t)).agent.inject(reply(hidden.id, { body: 'Hello?' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Thread not found');
    await refused(reply(987_654, { body: 'Hello?' }), 404, 'not-found', 'Thread not found');
  });

  it('refuses to quote a reply from another thread', async () => {
    const elsewhere = await writeReply(writer.agent, (await writePost(t, writer.agent)).id);
    await refused(
      reply(post.id, { body: 'Quoting', replyToId: elsewhere.id }),
      400,
      'invalid-argument',
      'You can only answer a reply in the same thread',
    );
    await refused(
      reply(post.id, { body: 'Quoting', replyToId: 123_456_789 }),
      400,
      'invalid-argument',
      'You can only answer a reply in the same thread',
    );
  });
});

describe('edits with bad input', () => {
  it('refuses a bad edit and keeps the thread as it was, without a revision', async () => {
    const post = await writePost(t, writer.agent, { title: 'Untouched title' });
    const edit = (payload: object) => ({
      method: 'PATCH' as const,
      url: `/api/forum/posts/${post.id}`,
      payload,
    });
    await refused(edit({ title: 'x' }), 400, 'invalid-argument', /Title/);
    await refused(edit({ body: '' }), 400, 'invalid-argument', /Body cannot be empty/);
    await refused(edit({ categoryId: 999_999 }), 404, 'not-found', 'Category not found');
    await refused(edit({ rating: 9 }), 400, 'invalid-argument', /Only threads in Reviews/);
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ title: 'Untouched title', editedAt: null });
  });

  it("refuses an edit of someone else's thread", async () => {
    const post = await writePost(t, writer.agent);
    const stranger = await person(t);
    const before = await forumCounts(t, tables);
    const res = await stranger.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { title: 'Mine now, thanks' },
    });
    expect(res.statusCode).toBe(403);
    expect(await forumCounts(t, tables)).toEqual(before);
  });
});

describe('malformed list requests', () => {
  const anonymous = () => createAgent(t.app);

  it.each([
    '/api/forum/posts?cursor=not-a-cursor',
    `/api/forum/posts?cursor=${Buffer.from('["latest",false,"yesterday",1]').toString('base64url')}`,
    `/api/forum/posts?cursor=${Buffer.from('["latest",false,"2024-02-30T10:00:00.000000Z",1]').toString('base64url')}`,
    `/api/forum/posts?sort=top&cursor=${Buffer.from('["latest",false,"2024-02-03T10:00:00.000000Z",1]').toString('base64url')}`,
    '/api/forum/posts/1/comments?cursor=%7B%7D',
    `/api/forum/posts/1/comments?cursor=${Buffer.from('[-4]').toString('base64url')}`,
    '/api/forum/comments?author=nobody&cursor=eyJ4Ijo',
  ])('refuses the cursor of %s', async (url) => {
    const res = await anonymous().inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid-argument',
      message: 'This page link is not valid any more: start again from the first page',
    });
  });

  it.each([
    ['/api/forum/posts?limit=51', /limit/],
    ['/api/forum/posts?sort=random', /sort/],
    ['/api/forum/posts?colour=red', /querystring/],
  ])('refuses %s', async (url, message) => {
    const res = await anonymous().inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  it('answers not found for an unknown category or author', async () => {
    const category = await anonymous().inject({ url: '/api/forum/posts?category=no-such-thing' });
    expect(category.statusCode).toBe(404);
    expect(category.json().error.message).toBe('Category not found');
    const author = await anonymous().inject({ url: '/api/forum/posts?author=nobody_here' });
    expect(author.statusCode).toBe(404);
    expect(author.json().error.message).toBe('User not found');
  });
});
