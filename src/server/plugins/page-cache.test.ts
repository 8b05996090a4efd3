import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entryServer from '../../web/entry-server.js';
import { createMemoryBus } from '../platform/bus/bus.js';
import { threadViews } from '../schema.js';
import { person, writePost, writeReply, type Person } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createPageCache, pageBytes, type CachedPage } from './page-cache.js';
import type { PageRenderer } from './web.js';

/*
 * Visitors' pages are drawn once and kept until a write makes them stale (decision 044); a
 * member's page is drawn for them every time.
 */

let t: TestApp;
let renders: string[] = [];
const counting: PageRenderer = {
  ...entryServer,
  render(options) {
    renders.push(options.url);
    return entryServer.render(options);
  },
};

let author: Person;
let admin: Person;
let threadId: number;
let otherThreadId: number;

beforeAll(async () => {
  t = await createTestApp({ pageRenderer: counting });
  author = await person(t, 'user', { name: 'Ana Reel' });
  admin = await person(t, 'admin');
  threadId = (await writePost(t, author.agent, { title: 'Heat, thirty years on' })).id;
  otherThreadId = (await writePost(t, admin.agent, { title: 'Ronin and its car chases' })).id;
});
afterAll(() => t.close());

/** A returning visitor: the CSRF cookie of an earlier page, no session. */
const visit = (url: string, headers: Record<string, string> = {}, address = '10.9.0.1') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `vp_csrf=${randomUUID()}`, ...headers },
    remoteAddress: address,
  });

/** Draws `url` once for visitors (and forgets what was drawn before). */
async function drawn(url: string) {
  await visit(url);
  renders = [];
}

describe("a visitor's page", () => {
  it('is drawn once, then served as kept, with an ETag a repeat is answered 304 with', async () => {
    renders = [];
    const first = await visit(`/forum/post/${threadId}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Heat, thirty years on');
    const second = await visit(`/forum/post/${threadId}`, {}, '10.9.0.2');
    expect(second.body).toBe(first.body);
    expect(renders).toEqual([`/forum/post/${threadId}`]);

    // A first visit's page sets the visitor's own CSRF cookie: no shared cache may keep it.
    const firstVisit = await t.app.inject({ url: `/forum/post/${threadId}` });
    expect(firstVisit.body).toBe(first.body);
    expect(firstVisit.headers['cache-control']).toBe('private, no-cache');

    const etag = second.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    expect(second.headers.vary).toBe('cookie, accept-encoding');
    // Kept compressed: brotli as kept, gzip or plain for a client that takes no brotli.
    const brotli = await visit(`/forum/post/${threadId}`, { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    const gzip = await visit(`/forum/post/${threadId}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    expect(renders).toEqual([`/forum/post/${threadId}`]);

    const again = await visit(`/forum/post/${threadId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const listed = await visit(`/forum/post/${threadId}`, {
      'if-none-match': `"older", W/${etag}`,
    });
    expect(listed.statusCode).toBe(304);
    const changed = await visit(`/forum/post/${threadId}`, { 'if-none-match': '"older"' });
    expect(changed.statusCode).toBe(200);
  });

  it('is kept apart for a visitor who has answered the cookie banner and one who has not', async () => {
    await drawn('/news');
    const answered = await visit('/news', { cookie: 'cookie-consent=accepted; vp_csrf=1' });
    const unanswered = await visit('/news');
    expect(answered.body).not.toBe(unanswered.body);
    expect(renders).toEqual(['/news']);
  });

  it('shows a reply as soon as it is written, and keeps the other threads drawn', async () => {
    await drawn(`/forum/post/${threadId}`);
    await drawn(`/forum/post/${otherThreadId}`);
    const reader = await person(t);
    await writeReply(reader.agent, threadId, { body: 'The diner scene, though.' });

    const page = await visit(`/forum/post/${threadId}`);
    expect(page.body).toContain('The diner scene, though.');
    await visit(`/forum/post/${otherThreadId}`);
    expect(renders).toEqual([`/forum/post/${threadId}`]);
  });

  it("shows a member's new reply on their profile at once", async () => {
    const member = await person(t);
    const profile = `/u/${member.user.username}?tab=replies`;
    await writeReply(member.agent, threadId, { body: 'First word on the heist.' });
    await drawn(profile);
    await writeReply(member.agent, otherThreadId, { body: 'Second word, on the chase.' });
    expect((await visit(profile)).body).toContain('Second word, on the chase.');
  });

  it('shows a new thread in the lists at once', async () => {
    await drawn('/forum');
    await writePost(t, (await person(t)).agent, { title: 'Collateral by night' });
    expect((await visit('/forum')).body).toContain('Collateral by night');
  });

  it('is not drawn again for a chat message, a read mark or a refused write', async () => {
    await drawn(`/forum/post/${threadId}`);
    await drawn('/forum');
    const room = await admin.agent.inject({
      method: 'POST',
      url: '/api/chat/rooms',
      payload: { name: 'Heat talk' },
    });
    expect(room.statusCode, room.body).toBe(201);
    const roomId = room.json<{ room: { id: number } }>().room.id;
    const message = await author.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${roomId}/messages`,
      payload: { body: 'Who else rewatched Heat?', nonce: randomUUID() },
    });
    expect(message.statusCode, message.body).toBe(201);
    const refused = await author.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${threadId}/comments`,
      payload: { body: '' },
    });
    expect(refused.statusCode).toBe(400);

    await visit(`/forum/post/${threadId}`);
    await visit('/forum');
    expect(renders).toEqual([]);
  });

  it('counts a view for each visitor served the kept page', async () => {
    await drawn(`/forum/post/${otherThreadId}`);
    await t.app.flushViews();
    const before = await viewsOf(otherThreadId);
    await visit(`/forum/post/${otherThreadId}`, {}, '10.9.1.1');
    await visit(`/forum/post/${otherThreadId}`, {}, '10.9.1.2');
    // The same visitor again within the hour is not another view.
    await visit(`/forum/post/${otherThreadId}`, {}, '10.9.1.2');
    expect(renders).toEqual([]);
    await t.app.flushViews();
    expect(await viewsOf(otherThreadId)).toBe(before + 2);
  });
});

describe("a member's page", () => {
  it('is drawn for them each time, never kept nor served from what visitors get', async () => {
    await drawn(`/forum/post/${threadId}`);
    const first = await author.agent.inject({ url: `/forum/post/${threadId}` });
    const second = await author.agent.inject({ url: `/forum/post/${threadId}` });
    expect(renders).toHaveLength(2);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toBeUndefined();
    expect(second.body).toContain('Ana Reel');
  });

  it('shows their own reply on the page they land on', async () => {
    const reader = await person(t, 'user', { name: 'Bo Writer' });
    await writeReply(reader.agent, threadId, { body: 'Posted and seen at once.' });
    await drawn(`/forum/post/${threadId}`);
    expect((await reader.agent.inject({ url: `/forum/post/${threadId}` })).body).toContain(
      'Posted and seen at once.',
    );
  });
});

async function viewsOf(id: number): Promise<number> {
  const [row] = await t.platforms.database.db
    .select({ views: threadViews.views })
    .from(threadViews)
    .where(eq(threadViews.postId, id));
  return row?.views ?? 0;
}

describe('the cache itself', () => {
  const pageOf = (html: string) => ({ status: 200, html, threads: [] });
  const htmlOf = (page: CachedPage | undefined) =>
    page && pageBytes(page, undefined).body.toString();

  it('forgets in every process what a write there made stale, and only that', async () => {
    const bus = createMemoryBus();
    const options = { bus, channel: 'pages', ttlMs: 60_000, maxBytes: 2 ** 20, onUnsent: () => {} };
    const here = createPageCache(options);
    const there = createPageCache(options);
    await Promise.all([here.listening, there.listening]);
    for (const cache of [here, there]) {
      cache.keep('/forum/post/1', pageOf('one'), new Set(['thread:1', 'site']), cache.mark());
      cache.keep('/forum/post/2', pageOf('two'), new Set(['thread:2', 'site']), cache.mark());
      cache.keep('/forum', pageOf('lists'), new Set(['forum-lists', 'site']), cache.mark());
    }
    await here.stale(['thread:1', 'forum-lists']);
    await new Promise((resolve) => setImmediate(resolve));
    for (const cache of [here, there]) {
      expect(cache.get('/forum/post/1')).toBeUndefined();
      expect(cache.get('/forum')).toBeUndefined();
      expect(htmlOf(cache.get('/forum/post/2'))).toBe('two');
    }
    await there.stale('everything');
    await new Promise((resolve) => setImmediate(resolve));
    expect(here.get('/forum/post/2')).toBeUndefined();
    await Promise.all([here.close(), there.close()]);
  });

  it('does not keep a page drawn while something it read went stale', async () => {
    const cache = createPageCache({
      bus: createMemoryBus(),
      channel: 'pages',
      ttlMs: 60_000,
      maxBytes: 2 ** 20,
      onUnsent: () => {},
    });
    await cache.listening;
    const began = cache.mark();
    await cache.stale(['thread:1']);
    cache.keep('/forum/post/1', pageOf('old'), new Set(['thread:1']), began);
    cache.keep('/forum/post/2', pageOf('fine'), new Set(['thread:2']), began);
    expect(cache.get('/forum/post/1')).toBeUndefined();
    expect(htmlOf(cache.get('/forum/post/2'))).toBe('fine');
    await cache.close();
  });
});
