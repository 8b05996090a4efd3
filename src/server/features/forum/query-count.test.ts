import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  categoryId,
  insertComment,
  insertPost,
  person,
  type Person,
} from '../../test/factories.js';

/*
 * No N+1: a page costs the same number of queries whether it shows 5 rows or 50, each row by
 * its own author, with quotes, tags and likes. A thread and a page of replies are one query
 * each; a member costs one more, their session (their likes come in the same query). Caches
 * are off, so every query is counted.
 */
let t: TestApp;
let reader: Person;
let threadId: number;

beforeAll(async () => {
  t = await createTestApp({
    serveWeb: false,
    env: { FORUM_LIST_CACHE_MS: '0', SESSION_CACHE_MS: '0' },
  });
  reader = await person(t);
  const db = t.platforms.database.db;
  await db.execute(sql`insert into users (id, name, email, username)
    select 'many-' || g, 'Many ' || g, 'many' || g || '@example.test', 'many_' || g
    from generate_series(1, 60) g`);
  const reviews = await categoryId(t, 'reviews');
  const discussions = await categoryId(t, 'discussions');
  for (let n = 1; n <= 60; n += 1) {
    const id = await insertPost(t, {
      authorId: `many-${n}`,
      categoryId: n % 2 ? reviews : discussions,
      title: `Thread number ${n}`,
      tags: [`tag-${n % 5}`],
      ...(n % 2 ? { filmTitle: `Film ${n}`, rating: 1 + (n % 10) } : {}),
    });
    threadId ??= id;
  }
  let previous: number | null = null;
  for (let n = 1; n <= 60; n += 1) {
    previous = await insertComment(t, {
      postId: threadId,
      authorId: `many-${n}`,
      bodySource: `Reply ${n}`,
      replyToId: n % 3 === 0 ? previous : null,
    });
  }
  await db.execute(sql`update posts set reply_count = 60 where id = ${threadId}`);
  // The reader liked every fourth reply.
  await db.execute(sql`insert into comment_reactions (comment_id, user_id)
    select id, ${reader.user.id} from comments where post_id = ${threadId} and id % 4 = 0`);
});
afterAll(() => t.close());

/** The app's own work every couple of seconds (job polls, view counts) is no request's. */
const background = /"jobs"|insert into thread_views/;

async function queriesOf(url: string, signedIn = true): Promise<string[]> {
  const before = t.queries.length;
  const res = signedIn ? await reader.agent.inject({ url }) : await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return t.queries.slice(before).filter((query) => !background.test(query));
}

describe('queries per request', () => {
  it('a thread list: the session and one list query, whatever the page size', async () => {
    await queriesOf('/api/forum/posts?limit=1'); // the category ids, read once per process
    const small = await queriesOf('/api/forum/posts?limit=5');
    const large = await queriesOf('/api/forum/posts?limit=50');
    expect(large).toHaveLength(small.length);
    expect(large.length).toBeLessThanOrEqual(3);
    const filtered = await queriesOf('/api/forum/posts?limit=50&tag=tag-1&sort=top');
    expect(filtered.length).toBeLessThanOrEqual(3);
  });

  it('a page of replies: one query, and the session for a member, whatever the page size', async () => {
    const small = await queriesOf(`/api/forum/posts/${threadId}/comments?limit=5`);
    const large = await queriesOf(`/api/forum/posts/${threadId}/comments?limit=50`);
    expect(large).toHaveLength(small.length);
    expect(large).toHaveLength(2);
    expect(await queriesOf(`/api/forum/posts/${threadId}/comments?limit=50`, false)).toHaveLength(
      1,
    );
    // The reader's likes came in the page's own query.
    const page = await reader.agent.inject({
      url: `/api/forum/posts/${threadId}/comments?limit=50`,
    });
    const items = page.json<{ items: { id: number; viewer: { reacted: boolean } }[] }>().items;
    const liked = items.filter((item) => item.viewer.reacted).map((item) => item.id);
    expect(liked.length).toBeGreaterThan(0);
    expect(liked).toEqual(items.map((item) => item.id).filter((id) => id % 4 === 0));
  });

  it("a thread and the viewer's like: one query, and the session for a member", async () => {
    expect(await queriesOf(`/api/forum/posts/${threadId}`, false)).toHaveLength(1);
    expect(await queriesOf(`/api/forum/posts/${threadId}`)).toHaveLength(2);
  });

  it("an author's profile lists", async () => {
    const threads = await queriesOf('/api/forum/posts?author=many_7&limit=50');
    const replies = await queriesOf('/api/forum/comments?author=many_7&limit=50');
    expect(threads.length).toBeLessThanOrEqual(3);
    expect(replies.length).toBeLessThanOrEqual(3);
  });
});
