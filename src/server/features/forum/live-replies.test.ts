import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveAck } from '../../../shared/chat.js';
import type { CommentPage } from '../../../shared/forum.js';
import {
  followedThreadsMax,
  forumLiveEvents,
  type ThreadReplyEvent,
  type ThreadState,
} from '../../../shared/forum-live.js';
import { testOrigin, type Agent } from '../../test/auth-helpers.js';
import {
  categoryId,
  insertPost,
  moderate,
  person,
  writePost,
  writeReply,
  type Person,
} from '../../test/factories.js';
import { openLiveSocket } from '../../test/remote-member.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * A thread's live replies: the pages that entered its channel hear of each stored reply, only
 * members who may read the thread may enter, and nobody else hears of it.
 */
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

interface Page {
  socket: Socket;
  /** Every reply announcement this page heard, in order. */
  heard: ThreadReplyEvent[];
}

/** A member's page on the live channel, noting every reply it hears of. */
async function pageOf(agent: Agent): Promise<Page> {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const socket = await openLiveSocket(
    url,
    { cookie, address: '127.0.0.1' },
    { origin: testOrigin },
  );
  sockets.push(socket);
  const heard: ThreadReplyEvent[] = [];
  socket.on(forumLiveEvents.reply, (event: ThreadReplyEvent) => heard.push(event));
  return { socket, heard };
}

/** The answer to an event; generous, as a loaded machine runs many suites at once. */
function ask(page: Page, event: string, payload: unknown): Promise<LiveAck<ThreadState>> {
  return page.socket.timeout(10_000).emitWithAck(event, payload) as Promise<LiveAck<ThreadState>>;
}

/** The announcement of `replyId`, once `page` hears it (it may have already). */
function hears(page: Page, replyId: number): Promise<ThreadReplyEvent> {
  const known = page.heard.find((event) => event.replyId === replyId);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const listener = (event: ThreadReplyEvent) => {
      if (event.replyId !== replyId) return;
      page.socket.off(forumLiveEvents.reply, listener);
      resolve(event);
    };
    page.socket.on(forumLiveEvents.reply, listener);
  });
}

/** Another thread of `author`'s, written straight in (the route takes one per 30 seconds). */
async function anotherThread(author: Person): Promise<number> {
  const discussions = await categoryId(t, 'discussions');
  return insertPost(t, { authorId: author.user.id, categoryId: discussions });
}

describe('a thread’s live replies', () => {
  it('tells the pages showing the thread of a stored reply, and no page following another', async () => {
    const [author, replier, reader, elsewhere] = await Promise.all([
      person(t),
      person(t),
      person(t),
      person(t),
    ]);
    const thread = await writePost(t, author.agent, { title: 'Heat (1995), the diner scene' });
    const other = await anotherThread(author);
    const [inThread, inOther] = await Promise.all([pageOf(reader.agent), pageOf(elsewhere.agent)]);
    expect(await ask(inThread, forumLiveEvents.enter, thread.id)).toEqual({ ok: true, total: 0 });
    expect(await ask(inOther, forumLiveEvents.enter, other)).toEqual({ ok: true, total: 0 });
    // The reader's page was read, and remembered, before the reply.
    await reader.agent.inject({ url: `/api/forum/posts/${thread.id}/comments` });

    const reply = await writeReply(replier.agent, thread.id, {
      body: 'The best scene of the film.',
    });
    expect(await hears(inThread, reply.id)).toEqual({
      postId: thread.id,
      replyId: reply.id,
      total: 1,
    });
    // The page asked for on hearing it holds the reply: nothing remembered from before.
    const page = await reader.agent.inject({ url: `/api/forum/posts/${thread.id}/comments` });
    expect(page.json<CommentPage>()).toMatchObject({ total: 1, items: [{ id: reply.id }] });

    // What the other thread's page hears next is its own thread's reply: nothing came before.
    const otherReply = await writeReply(replier.agent, other, { body: 'Night city.' });
    await hears(inOther, otherReply.id);
    expect(inOther.heard).toEqual([{ postId: other, replyId: otherReply.id, total: 1 }]);
    expect(inThread.heard.map((event) => event.replyId)).toEqual([reply.id]);
  });

  it('lets only those who may read a hidden thread follow it, and tells nobody else of its replies', async () => {
    const [author, moderator, member, replier] = await Promise.all([
      person(t),
      person(t, 'moderator'),
      person(t),
      person(t),
    ]);
    const hidden = await writePost(t, author.agent, { title: 'A thread that breaks the rules' });
    const other = await anotherThread(author);
    const hiding = { action: 'hide', reason: 'Spoilers without warning' };
    expect((await moderate(moderator.agent, { postId: hidden.id }, hiding)).statusCode).toBe(200);

    const [authorPage, moderatorPage, memberPage] = await Promise.all([
      pageOf(author.agent),
      pageOf(moderator.agent),
      pageOf(member.agent),
    ]);
    // As the thread's page answers 404 to them, its channel does.
    expect(await ask(memberPage, forumLiveEvents.enter, hidden.id)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'Thread not found' },
    });
    expect(await ask(authorPage, forumLiveEvents.enter, hidden.id)).toEqual({ ok: true, total: 0 });
    expect(await ask(moderatorPage, forumLiveEvents.enter, hidden.id)).toEqual({
      ok: true,
      total: 0,
    });
    expect(await ask(memberPage, forumLiveEvents.enter, other)).toEqual({ ok: true, total: 0 });

    // A hidden thread takes no reply, and nothing is announced for one refused.
    const refused = await replier.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${hidden.id}/comments`,
      payload: { body: 'Let me in.' },
    });
    expect(refused.statusCode).toBe(404);

    // Shown again, its replies reach those who followed it, and still not the member refused.
    const restoring = { action: 'restore' };
    expect((await moderate(moderator.agent, { postId: hidden.id }, restoring)).statusCode).toBe(
      200,
    );
    const reply = await writeReply(replier.agent, hidden.id, { body: 'Back again.' });
    const told = { postId: hidden.id, replyId: reply.id, total: 1 };
    expect(await hears(authorPage, reply.id)).toEqual(told);
    expect(await hears(moderatorPage, reply.id)).toEqual(told);
    const otherReply = await writeReply(replier.agent, other, { body: 'Meanwhile, here.' });
    await hears(memberPage, otherReply.id);
    expect(memberPage.heard.map((event) => event.postId)).toEqual([other]);
    expect(authorPage.heard.map((event) => event.replyId)).toEqual([reply.id]);
  });

  it('refuses a bad thread id, a missing thread and more threads than a page may follow', async () => {
    const [author, member] = await Promise.all([person(t), person(t)]);
    const page = await pageOf(member.agent);
    for (const bad of ['12', -1, 0, 1.5, null, { id: 1 }]) {
      expect(await ask(page, forumLiveEvents.enter, bad)).toEqual({
        ok: false,
        error: { code: 'invalid-argument', message: 'Send a thread id' },
      });
    }
    expect(await ask(page, forumLiveEvents.enter, 2_000_000_000)).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });

    const discussions = await categoryId(t, 'discussions');
    const threads = await Promise.all(
      Array.from({ length: followedThreadsMax + 1 }, (_, i) =>
        insertPost(t, { authorId: author.user.id, categoryId: discussions, title: `Thread ${i}` }),
      ),
    );
    for (const id of threads.slice(0, followedThreadsMax)) {
      expect(await ask(page, forumLiveEvents.enter, id)).toEqual({ ok: true, total: 0 });
    }
    const [first, last] = [threads[0] ?? 0, threads.at(-1) ?? 0];
    expect(await ask(page, forumLiveEvents.enter, last)).toMatchObject({
      ok: false,
      error: { code: 'resource-exhausted' },
    });
    // Entering one it follows already is no new one; leaving one makes room.
    expect(await ask(page, forumLiveEvents.enter, first)).toEqual({ ok: true, total: 0 });
    expect(await ask(page, forumLiveEvents.leave, first)).toEqual({ ok: true });
    expect(await ask(page, forumLiveEvents.enter, last)).toEqual({ ok: true, total: 0 });
  });
});
