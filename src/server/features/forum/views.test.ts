import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostDetail } from '../../../shared/forum.js';
import { posts, threadViews } from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, insertPost, person, type Person } from '../../test/factories.js';

let t: TestApp;
let reader: Person;
let otherReader: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  reader = await person(t);
  otherReader = await person(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function newThread(app: TestApp = t) {
  const author = await person(app);
  return insertPost(app, {
    authorId: author.user.id,
    categoryId: await categoryId(app, 'discussions'),
  });
}

async function storedViews(id: number, app: TestApp = t) {
  const [row] = await app.platforms.database.db
    .select({ n: threadViews.views })
    .from(threadViews)
    .where(eq(threadViews.postId, id));
  return row?.n ?? 0;
}

const read = (agent: Person['agent'], id: number, remoteAddress?: string) =>
  agent.inject({ url: `/api/forum/posts/${id}`, ...(remoteAddress ? { remoteAddress } : {}) });

describe('view counts', () => {
  it('counts each viewer once per thread: users by account, visitors by address', async () => {
    const id = await newThread();
    const visitor = createAgent(t.app);
    await read(reader.agent, id);
    await read(reader.agent, id);
    await read(otherReader.agent, id);
    await read(visitor, id, '10.1.0.1');
    await read(visitor, id, '10.1.0.1');
    await read(visitor, id, '10.1.0.2');
    // Counted views reach the database in one batch; the test writes it now.
    await t.app.flushViews();
    expect(await storedViews(id)).toBe(4);
    await read(reader.agent, id);
    await t.app.flushViews();
    expect(await storedViews(id)).toBe(4);
    const shown = (await read(createAgent(t.app), id, '10.1.0.1')).json<{ post: PostDetail }>();
    expect(shown.post.viewCount).toBe(4);
  });

  it('counts views of several threads in one flush', async () => {
    const ids = [await newThread(), await newThread(), await newThread()];
    for (const id of ids) await read(reader.agent, id);
    await read(otherReader.agent, ids[0] ?? 0);
    await t.app.flushViews();
    expect(await Promise.all(ids.map((id) => storedViews(id)))).toEqual([2, 1, 1]);
  });

  it('counts only the views of others: the author reading their own thread adds none', async () => {
    const author = await person(t);
    const id = await insertPost(t, {
      authorId: author.user.id,
      categoryId: await categoryId(t, 'discussions'),
    });
    await read(author.agent, id);
    await t.app.flushViews();
    expect(await storedViews(id)).toBe(0);
    const own = (await read(author.agent, id)).json<{ post: PostDetail }>();
    expect(own.post.viewCount).toBe(0);

    await read(reader.agent, id);
    await t.app.flushViews();
    expect(await storedViews(id)).toBe(1);
  });

  it('does not count views of a deleted thread', async () => {
    const id = await newThread();
    await t.platforms.database.db
      .update(posts)
      .set({ deletedAt: new Date() })
      .where(eq(posts.id, id));
    expect((await read(reader.agent, id)).statusCode).toBe(200);
    await t.app.flushViews();
    expect(await storedViews(id)).toBe(0);
  });

  it.skipIf(process.env.REDIS_URL !== undefined)(
    'counts the same viewer again after an hour (in-process store)',
    async () => {
      const id = await newThread();
      await read(reader.agent, id);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61 * 60_000);
      await read(reader.agent, id);
      vi.useRealTimers();
      await t.app.flushViews();
      expect(await storedViews(id)).toBe(2);
    },
  );

  it('writes the last views when the app closes', async () => {
    const own = await createTestApp({ serveWeb: false });
    try {
      const id = await newThread(own);
      // The view is recorded after the answer is sent; closing the app still writes it.
      await read(createAgent(own.app), id, '10.2.0.1');
      await own.app.close();
      expect(await storedViews(id, own)).toBe(1);
    } finally {
      await own.platforms.close();
      await rm(own.tempDir, { recursive: true, force: true });
    }
  });
});
