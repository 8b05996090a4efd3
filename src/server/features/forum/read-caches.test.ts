import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPage, PostDetail } from '../../../shared/forum.js';
import { posts } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { person, writePost, writeReply, type Person } from '../../test/factories.js';

/*
 * Threads, reply pages and lists are remembered for a second (FORUM_LIST_CACHE_MS, on here with
 * a long moment): a write's own answer and every read after it still show the change.
 */
let t: TestApp;
let author: Person;
let fan: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { FORUM_LIST_CACHE_MS: '60000' } });
  author = await person(t, 'moderator');
  fan = await person(t);
});
afterAll(() => t.close());

const thread = async (id: number, who: Person) =>
  (await who.agent.inject({ url: `/api/forum/posts/${id}` })).json<{ post: PostDetail }>().post;
const replies = async (id: number, who: Person) =>
  (await who.agent.inject({ url: `/api/forum/posts/${id}/comments` })).json<CommentPage>();

describe('remembered forum reads', () => {
  it('show an edit in its own answer and in the next read', async () => {
    const post = await writePost(t, author.agent, { title: 'Before the edit' });
    expect((await thread(post.id, fan)).title).toBe('Before the edit');
    const edited = await author.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { title: 'After the edit' },
    });
    expect(edited.json<{ post: PostDetail }>().post.title).toBe('After the edit');
    expect((await thread(post.id, fan)).title).toBe('After the edit');
    const list = await fan.agent.inject({ url: '/api/forum/posts?sort=newest' });
    expect(list.json<{ items: { title: string }[] }>().items[0]?.title).toBe('After the edit');
  });

  it('tell each viewer their own like of a remembered thread and page', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(author.agent, post.id, { body: 'Remembered reply' });
    expect((await thread(post.id, fan)).viewer.reacted).toBe(false);
    expect((await replies(post.id, fan)).items[0]?.viewer.reacted).toBe(false);
    await fan.agent.inject({ method: 'PUT', url: `/api/forum/posts/${post.id}/reaction` });
    await fan.agent.inject({ method: 'PUT', url: `/api/forum/comments/${reply.id}/reaction` });
    expect(await thread(post.id, fan)).toMatchObject({
      reactionCount: 1,
      viewer: { reacted: true },
    });
    expect(await thread(post.id, author)).toMatchObject({
      reactionCount: 1,
      viewer: { reacted: false },
    });
    expect((await replies(post.id, fan)).items[0]?.viewer.reacted).toBe(true);
    expect((await replies(post.id, author)).items[0]?.viewer.reacted).toBe(false);
  });

  it('show a new reply on the next page read', async () => {
    const post = await writePost(t, author.agent);
    expect((await replies(post.id, fan)).total).toBe(0);
    await writeReply(fan.agent, post.id, { body: 'A fresh reply' });
    const page = await replies(post.id, author);
    expect(page.total).toBe(1);
    expect(page.items.map((item) => item.bodySource)).toEqual(['A fresh reply']);
    expect((await thread(post.id, author)).replyCount).toBe(1);
  });

  it('are kept through a chat message, and forgotten by a reply to any thread', async () => {
    const post = await writePost(t, author.agent, { title: 'Kept title' });
    const other = await writePost(t, author.agent);
    // Read by its author: a view by anyone else would be counted, and the thread's kept answer
    // forgotten when the counts are written (views.ts), whatever the chat does.
    expect((await thread(post.id, author)).title).toBe('Kept title');
    // Changed behind the server's back: only a write that reaches the forum shows it.
    await t.platforms.database.db
      .update(posts)
      .set({ title: 'Changed quietly' })
      .where(eq(posts.id, post.id));

    const admin = await person(t, 'admin');
    const room = await admin.agent.inject({
      method: 'POST',
      url: '/api/chat/rooms',
      payload: { name: 'Kept answers' },
    });
    expect(room.statusCode, room.body).toBe(201);
    const message = await fan.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${room.json<{ room: { id: number } }>().room.id}/messages`,
      payload: { body: 'Chatting, not posting', nonce: randomUUID() },
    });
    expect(message.statusCode, message.body).toBe(201);
    expect((await thread(post.id, author)).title).toBe('Kept title');

    await writeReply(fan.agent, other.id, { body: 'A reply elsewhere' });
    expect((await thread(post.id, author)).title).toBe('Changed quietly');
  });
});
