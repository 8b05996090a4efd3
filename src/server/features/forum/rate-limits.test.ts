import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../../shared/forum.js';
import { quoteMarkdown } from '../../../shared/quote.js';
import { comments, posts } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, person, writePost, type Person } from '../../test/factories.js';
import { forumCounts } from '../../test/state.js';

let t: TestApp;
let discussions: number;
let threadForReplies: number;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  discussions = await categoryId(t, 'discussions');
  threadForReplies = (await writePost(t, (await person(t, 'moderator')).agent)).id;
});
afterAll(() => t.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const tables = { posts, comments };

const postThread = (someone: Person, body = 'A few words') =>
  someone.agent.inject({
    method: 'POST',
    url: '/api/forum/posts',
    payload: { title: 'Rate limited thread', body, categoryId: discussions },
  });
const postReply = (someone: Person, body = 'A reply', postId = threadForReplies) =>
  someone.agent.inject({
    method: 'POST',
    url: `/api/forum/posts/${postId}/comments`,
    payload: { body },
  });

function expectTooFast(response: Awaited<ReturnType<typeof postThread>>, what: RegExp) {
  expect(response.statusCode).toBe(429);
  const error = response.json().error;
  expect(error.code).toBe('resource-exhausted');
  expect(error.message).toMatch(what);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(error.details.retryAfterSeconds).toBe(retryAfter);
  return retryAfter;
}

describe('write rate limits', () => {
  it('allows one thread per 30 seconds', async () => {
    const writer = await person(t);
    expect((await postThread(writer)).statusCode).toBe(201);
    const before = await forumCounts(t, tables);
    const retryAfter = expectTooFast(
      await postThread(writer),
      /^You are starting threads too fast\. Try again in \d+ seconds?\.$/,
    );
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await forumCounts(t, tables)).toEqual(before);
  });

  it('allows ten replies a minute', async () => {
    const writer = await person(t);
    for (let n = 0; n < 10; n += 1) expect((await postReply(writer)).statusCode).toBe(201);
    expectTooFast(await postReply(writer), /^You are replying too fast/);
  });

  it('gives accounts younger than a day one thread per 5 minutes and three replies a minute', async () => {
    const newcomer = await person(t, 'user', { createdAt: hoursAgo(2) });
    expect((await postThread(newcomer)).statusCode).toBe(201);
    const retryAfter = expectTooFast(await postThread(newcomer), /starting threads too fast/);
    expect(retryAfter).toBeGreaterThan(30);
    for (let n = 0; n < 3; n += 1) expect((await postReply(newcomer)).statusCode).toBe(201);
    expectTooFast(await postReply(newcomer), /replying too fast/);
  });

  it('does not charge a write that was refused for another reason', async () => {
    const writer = await person(t);
    const refused = await writer.agent.inject({
      method: 'POST',
      url: '/api/forum/posts',
      payload: { title: 'Wrong place', body: 'Words', categoryId: 987_654 },
    });
    expect(refused.statusCode).toBe(404);
    expect((await postThread(writer)).statusCode).toBe(201);
  });

  it('does not limit moderators', async () => {
    const moderator = await person(t, 'moderator', { createdAt: hoursAgo(1) });
    for (let n = 0; n < 3; n += 1) expect((await postThread(moderator)).statusCode).toBe(201);
    for (let n = 0; n < 12; n += 1) expect((await postReply(moderator)).statusCode).toBe(201);
  });

  it('allows thirty previews a minute', async () => {
    const writer = await person(t);
    for (let n = 0; n < 30; n += 1) {
      const res = await writer.agent.inject({
        method: 'POST',
        url: '/api/forum/preview',
        payload: { body: `*${n}*` },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await writer.agent.inject({
      method: 'POST',
      url: '/api/forum/preview',
      payload: { body: 'x' },
    });
    expectTooFast(res, /previewing too fast/);
  });
});

describe('links in a new account’s first writings', () => {
  const threeLinks = 'See https://a.example, [this](https://b.example) and <https://c.example>';

  it("refuses more than two links in a week-old account's first three threads", async () => {
    const newcomer = await person(t, 'moderator', { createdAt: hoursAgo(48) });
    // A moderator is trusted: links are fine whatever the account's age.
    expect((await postThread(newcomer, threeLinks)).statusCode).toBe(201);

    const fresh = await person(t, 'user', { createdAt: hoursAgo(48) });
    const before = await forumCounts(t, tables);
    const res = await postThread(fresh, threeLinks);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid-argument',
      message:
        'New accounts can put at most 2 links in each of their first 3 threads: please remove some links',
    });
    expect(await forumCounts(t, tables)).toEqual(before);
    // The refused thread did not use up the writer's turn.
    expect(
      (await postThread(fresh, 'Two links: https://a.example https://b.example')).statusCode,
    ).toBe(201);
  });

  it('refuses more than two links in the first three replies, and allows them afterwards', async () => {
    const fresh = await person(t, 'user', { createdAt: hoursAgo(48) });
    const refused = await postReply(fresh, threeLinks);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/first 3 replies/);
    for (let n = 0; n < 3; n += 1)
      expect((await postReply(fresh, `Plain reply ${n}`)).statusCode).toBe(201);
    expect((await postReply(fresh, threeLinks)).statusCode).toBe(201);
  });

  it("does not count a quote's links to its author and to the quoted reply", async () => {
    const writer = await person(t, 'user', { name: 'Ann [the] *Critic*' });
    const quoted = await postReply(writer, 'The staircase reading is spot on.');
    expect(quoted.statusCode).toBe(201);
    const reply = quoted.json<{ comment: Comment }>().comment;
    const fresh = await person(t, 'user', { createdAt: hoursAgo(48) });
    const quote = quoteMarkdown({
      ...reply,
      // The writer's own answer: a signed-in viewer's carries the Markdown.
      bodySource: reply.bodySource ?? '',
      thread: { postId: threadForReplies, articleId: null },
    });

    const res = await postReply(fresh, `${quote}Two links: https://a.example https://b.example`);
    expect(res.statusCode, res.body).toBe(201);
    const { bodyHtml } = res.json<{ comment: Comment }>().comment;
    // The renderer keeps both links, the name as written, the quote a block of two paragraphs.
    const username = writer.user.username ?? '';
    expect(bodyHtml).toContain(
      `<blockquote>\n<p><a href="/u/${username}" rel="nofollow ugc noopener">Ann [the] *Critic*</a> ` +
        `<a href="/forum/post/${threadForReplies}?reply=${reply.id}" rel="nofollow ugc noopener">wrote</a>:</p>\n` +
        '<p>The staircase reading is spot on.</p>\n</blockquote>',
    );
  });

  it('lets accounts older than a week post links freely', async () => {
    const regular = await person(t, 'user', { createdAt: hoursAgo(24 * 8) });
    expect((await postReply(regular, threeLinks)).statusCode).toBe(201);
  });

  it('applies the same rule to edits of those first threads', async () => {
    const fresh = await person(t, 'user', { createdAt: hoursAgo(48) });
    const created = await postThread(fresh);
    const id = created.json().post.id as number;
    const edit = await fresh.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${id}`,
      payload: { body: threeLinks },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toMatch(/at most 2 links/);
  });
});
