import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPage, PostDetail } from '../../../shared/forum.js';
import { comments, posts } from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  categoryId,
  insertComment,
  insertPost,
  person,
  writePost,
  writeReply,
  type Person,
} from '../../test/factories.js';

let t: TestApp;
let author: Person;
let replier: Person;
let moderator: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  // Threads come from a moderator (not rate limited); replies from a plain user.
  author = await person(t, 'moderator', { name: 'Thread Author', username: 'thread_author' });
  replier = await person(t, 'user', { name: 'Quick Replier', username: 'quick_replier' });
  moderator = await person(t, 'moderator');
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

async function page(postId: number, query = '', agent = createAgent(t.app)): Promise<CommentPage> {
  const res = await agent.inject({ url: `/api/forum/posts/${postId}/comments${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CommentPage>();
}

describe('replying', () => {
  it('adds the reply, counts it on the thread and moves the thread up in latest activity', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(replier.agent, post.id, { body: 'Great **point**' });
    expect(reply).toMatchObject({
      postId: post.id,
      bodyHtml: '<p>Great <strong>point</strong></p>\n',
      bodySource: 'Great **point**',
      author: { id: replier.user.id, username: 'quick_replier', name: 'Quick Replier' },
      replyTo: null,
      reactionCount: 0,
      deleted: false,
      viewer: { reacted: false, canEdit: true, canDelete: true },
    });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.replyCount).toBe(1);
    expect(row?.lastActivityAt.getTime()).toBeGreaterThanOrEqual(
      new Date(post.lastActivityAt).getTime(),
    );
    const thread = (await createAgent(t.app).inject({ url: `/api/forum/posts/${post.id}` })).json<{
      post: PostDetail;
    }>().post;
    expect(thread.replyCount).toBe(1);
  });

  it('quotes the reply it answers: its id, author and a short plain-text excerpt', async () => {
    const post = await writePost(t, author.agent);
    const long = `**Bold** opening and [a link](https://film.example) ${'then many words '.repeat(20)}`;
    const first = await writeReply(replier.agent, post.id, { body: long });
    const answer = await writeReply(author.agent, post.id, { body: 'Agreed', replyToId: first.id });
    expect(answer.replyTo?.id).toBe(first.id);
    expect(answer.replyTo?.authorName).toBe('Quick Replier');
    expect(answer.replyTo?.excerpt).toMatch(/^Bold opening and a link then many words/);
    expect(answer.replyTo?.excerpt.length).toBeLessThanOrEqual(140);
    expect(answer.replyTo?.excerpt.endsWith('…')).toBe(true);

    await replier.agent.inject({ method: 'DELETE', url: `/api/forum/comments/${first.id}` });
    const items = (await page(post.id)).items;
    expect(items.map((item) => item.id)).toEqual([first.id, answer.id]);
    expect(items[0]).toMatchObject({ deleted: true, bodyHtml: '' });
    const asMember = (await page(post.id, '', replier.agent)).items;
    expect(asMember[0]).toMatchObject({ deleted: true, bodyHtml: '', bodySource: '' });
    expect(items[1]?.replyTo).toEqual({ id: first.id, authorName: 'Quick Replier', excerpt: '' });
  });
});

describe('a thread page', () => {
  it('pages replies in time order with tombstones kept and the total from the thread', async () => {
    const discussions = await categoryId(t, 'discussions');
    const postId = await insertPost(t, {
      authorId: author.user.id,
      categoryId: discussions,
      replyCount: 45,
    });
    const ids: number[] = [];
    for (let n = 0; n < 45; n += 1) {
      ids.push(
        await insertComment(t, {
          postId,
          authorId: n % 2 ? author.user.id : replier.user.id,
          bodySource: `Reply ${n}`,
          deletedAt: n === 7 ? new Date() : null,
        }),
      );
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const current = await page(postId, `?limit=20${suffix}`);
      expect(current.total).toBe(45);
      seen.push(...current.items.map((item) => item.id));
      cursor = current.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const tombstone = (await page(postId, '?limit=10')).items[7];
    expect(tombstone).toMatchObject({ id: ids[7], deleted: true, bodyHtml: '' });
  });

  it('shows a hidden reply with its reason to its author and moderators, a tombstone to others', async () => {
    const post = await writePost(t, author.agent);
    const shown = await writeReply(replier.agent, post.id, { body: 'Fine words' });
    const hidden = await writeReply(replier.agent, post.id, { body: 'Rude words' });
    await db()
      .update(comments)
      .set({ hiddenAt: new Date(), hiddenReason: 'Insults' })
      .where(eq(comments.id, hidden.id));
    const tombstone = { id: hidden.id, deleted: true, bodyHtml: '', hidden: null };
    const bystander = await person(t);
    for (const agent of [undefined, bystander.agent]) {
      const items = (await page(post.id, '', agent)).items;
      expect(items.map((item) => item.id)).toEqual([shown.id, hidden.id]);
      expect(items[1]).toMatchObject(tombstone);
      expect(items[1]?.bodySource ?? '').toBe('');
    }
    for (const agent of [replier.agent, moderator.agent]) {
      const items = (await page(post.id, '', agent)).items;
      expect(items[1]).toMatchObject({
        id: hidden.id,
        deleted: false,
        bodySource: 'Rude words',
        hidden: { reason: 'Insults' },
      });
    }
    const own = (await page(post.id, '', replier.agent)).items[1];
    expect(own?.viewer).toMatchObject({ canEdit: false, canDelete: false });
  });

  it("answers not found for a hidden thread's replies and lists a deleted thread's", async () => {
    const hiddenPost = await writePost(t, author.agent);
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hiddenPost.id));
    const res = await createAgent(t.app).inject({
      url: `/api/forum/posts/${hiddenPost.id}/comments`,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await createAgent(t.app).inject({ url: '/api/forum/posts/999999/comments' })).statusCode,
    ).toBe(404);

    const deletedPost = await writePost(t, author.agent);
    const kept = await writeReply(replier.agent, deletedPost.id);
    await author.agent.inject({ method: 'DELETE', url: `/api/forum/posts/${deletedPost.id}` });
    expect((await page(deletedPost.id)).items.map((item) => item.id)).toEqual([kept.id]);
  });

  it("sends a reply's Markdown to signed-in readers, who may quote it, and only its HTML to visitors", async () => {
    const post = await writePost(t, author.agent);
    await writeReply(replier.agent, post.id, { body: 'The *staircase* scene' });
    const [visitors] = (await page(post.id)).items;
    expect(visitors).toMatchObject({ bodyHtml: '<p>The <em>staircase</em> scene</p>\n' });
    expect(visitors).not.toHaveProperty('bodySource');
    const reader = await person(t);
    const [members] = (await page(post.id, '', reader.agent)).items;
    expect(members).toMatchObject({ bodySource: 'The *staircase* scene' });
  });

  it('answers an empty page for a thread without replies', async () => {
    const post = await writePost(t, author.agent);
    expect(await page(post.id)).toEqual({ items: [], nextCursor: null, total: 0 });
  });
});

describe("a reply's history", () => {
  const history = async (id: number, agent = createAgent(t.app)) => {
    const res = await agent.inject({ url: `/api/forum/comments/${id}/revisions` });
    return { status: res.statusCode, revisions: res.json<{ revisions: unknown[] }>().revisions };
  };
  const edit = (agent: Person['agent'], id: number, body: string) =>
    agent.inject({ method: 'PATCH', url: `/api/forum/comments/${id}`, payload: { body } });

  it('keeps each edit: who made it, when and what it replaced, newest first', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(replier.agent, post.id, { body: 'First take' });
    expect(await history(reply.id)).toEqual({ status: 200, revisions: [] });
    expect((await edit(replier.agent, reply.id, 'Second take')).statusCode).toBe(200);
    expect((await edit(replier.agent, reply.id, 'Third take')).statusCode).toBe(200);
    const { status, revisions } = await history(reply.id);
    expect(status).toBe(200);
    expect(revisions).toEqual([
      expect.objectContaining({
        editor: expect.objectContaining({ username: 'quick_replier' }),
        previousTitle: null,
        previousBody: 'Second take',
      }),
      expect.objectContaining({ previousBody: 'First take' }),
    ]);
    // The reply shows it was edited, with the newest text.
    const shown = (await page(post.id, '', author.agent)).items.find(
      (item) => item.id === reply.id,
    );
    expect(shown).toMatchObject({ bodySource: 'Third take' });
    expect(shown?.editedAt).not.toBeNull();
  });

  it("hides a hidden reply's history from bystanders and a deleted one's from all but moderators", async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(replier.agent, post.id, { body: 'Before' });
    await edit(replier.agent, reply.id, 'After');
    await db().update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, reply.id));
    expect((await history(reply.id)).status).toBe(404);
    expect((await history(reply.id, replier.agent)).revisions).toHaveLength(1);
    expect((await history(reply.id, moderator.agent)).revisions).toHaveLength(1);
    await db()
      .update(comments)
      .set({ hiddenAt: null, deletedAt: new Date() })
      .where(eq(comments.id, reply.id));
    expect(await history(reply.id, replier.agent)).toEqual({ status: 200, revisions: [] });
    expect((await history(reply.id, moderator.agent)).revisions).toHaveLength(1);
  });

  it('answers not found for a reply that does not exist and a bad id', async () => {
    expect((await history(987654321)).status).toBe(404);
    const bad = await createAgent(t.app).inject({ url: '/api/forum/comments/abc/revisions' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });
});

describe("a profile's replies", () => {
  it('lists visible replies newest first with their thread, page by page', async () => {
    const writer = await person(t, 'user', { username: 'prolific_one' });
    const discussions = await categoryId(t, 'discussions');
    const visiblePost = await insertPost(t, {
      authorId: author.user.id,
      categoryId: discussions,
      title: 'Open',
    });
    const hiddenPost = await insertPost(t, {
      authorId: author.user.id,
      categoryId: discussions,
      hiddenAt: new Date(),
    });
    const visible: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      visible.unshift(await insertComment(t, { postId: visiblePost, authorId: writer.user.id }));
    }
    await insertComment(t, {
      postId: visiblePost,
      authorId: writer.user.id,
      deletedAt: new Date(),
    });
    await insertComment(t, { postId: visiblePost, authorId: writer.user.id, hiddenAt: new Date() });
    await insertComment(t, { postId: hiddenPost, authorId: writer.user.id });

    const first = await createAgent(t.app).inject({
      url: '/api/forum/comments?author=Prolific_One&limit=3',
    });
    expect(first.statusCode).toBe(200);
    const firstPage = first.json<{ items: { id: number }[]; nextCursor: string }>();
    expect(firstPage.items[0]).toMatchObject({ post: { id: visiblePost, title: 'Open' } });
    const second = await createAgent(t.app).inject({
      url: `/api/forum/comments?author=prolific_one&limit=3&cursor=${firstPage.nextCursor}`,
    });
    const secondPage = second.json<{ items: { id: number }[]; nextCursor: string | null }>();
    expect([...firstPage.items, ...secondPage.items].map((item) => item.id)).toEqual(visible);
    expect(secondPage.nextCursor).toBeNull();

    const unknown = await createAgent(t.app).inject({
      url: '/api/forum/comments?author=nobody_at_all',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the live preview', () => {
  it('renders Markdown with the stored renderer for signed-in writers', async () => {
    const res = await replier.agent.inject({
      method: 'POST',
      url: '/api/forum/preview',
      payload: { body: '*Hi* <script>x</script> [a](javascript:alert(1))' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      html: '<p><em>Hi</em> &lt;script&gt;x&lt;/script&gt; [a](javascript:alert(1))</p>\n',
    });
  });
});
