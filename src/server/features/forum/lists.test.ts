import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList } from '../../../shared/forum.js';
import { categories, posts, users } from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildUser, type UserRow, categoryId, insertPost } from '../../test/factories.js';

let t: TestApp;
let alice: UserRow;
let bruno: UserRow;
let discussions: number;
let reviews: number;
/** Ids of the 45 threads of the paging tests, newest first. */
const paged: number[] = [];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  alice = await buildUser(db(), {
    name: 'Alice Lumière',
    username: 'alice_l',
    displayUsername: 'Alice_L',
  });
  bruno = await buildUser(db(), { name: 'Bruno' });
  discussions = await categoryId(t, 'discussions');
  reviews = await categoryId(t, 'reviews');
  // 45 threads in Off-topic; several share a timestamp, so ties must break on the id.
  const offTopic = await categoryId(t, 'off-topic');
  for (let n = 0; n < 45; n += 1) {
    const at = minutesAgo(10_000 - Math.floor(n / 3));
    paged.unshift(
      await insertPost(t, {
        authorId: n % 2 === 0 ? alice.id : bruno.id,
        categoryId: offTopic,
        title: `Paged thread ${n}`,
        createdAt: at,
        lastActivityAt: at,
        reactionCount: n % 4,
      }),
    );
  }
});
afterAll(() => t.close());

function db() {
  return t.platforms.database.db;
}

async function list(query: string): Promise<PostList> {
  const res = await createAgent(t.app).inject({ url: `/api/forum/posts?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostList>();
}

async function everyPage(query: string, limit: number) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const suffix: string = cursor ? `&cursor=${cursor}` : '';
    const page = await list(`${query}&limit=${limit}${suffix}`);
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { seen, pages };
}

describe('paging', () => {
  it.each(['latest', 'newest', 'top'])(
    'pages through every thread once, never skipping or repeating (%s)',
    async (sort) => {
      const { seen, pages } = await everyPage(`sort=${sort}&category=off-topic`, 20);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(45);
      expect(new Set(seen).size).toBe(45);
      expect(new Set(seen)).toEqual(new Set(paged));
    },
  );

  it('orders latest by activity and breaks ties by the newer id', async () => {
    const { seen } = await everyPage('sort=latest&category=off-topic', 20);
    expect(seen).toEqual(paged);
  });

  it('orders top by likes, then by the newer id', async () => {
    const page = await list('sort=top&category=off-topic&limit=50');
    const counts = page.items.map((item) => item.reactionCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const threes = page.items.filter((item) => item.reactionCount === 3).map((item) => item.id);
    expect(threes).toEqual([...threes].sort((a, b) => b - a));
  });

  it('keeps paging right when threads differ only in microseconds', async () => {
    const [micro] = await db()
      .insert(categories)
      .values({ slug: 'micro', name: 'Micro' })
      .returning();
    if (!micro) throw new Error('no category');
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      // A JS Date keeps milliseconds: 00.000500, 00.000499 and 00.000498 would all read 00.000.
      const at = sql`'2030-01-01T00:00:00.000500Z'::timestamptz - ${n} * interval '1 microsecond'`;
      const id = await insertPost(t, { authorId: bruno.id, categoryId: micro.id });
      await db().update(posts).set({ createdAt: at, lastActivityAt: at }).where(eq(posts.id, id));
      ids.push(id);
    }
    for (const sort of ['newest', 'latest']) {
      expect((await everyPage(`sort=${sort}&category=micro`, 1)).seen, sort).toEqual(ids);
    }
  });
});

describe('filters and order', () => {
  it('shows pinned threads first in every sort', async () => {
    const pinned = await insertPost(t, {
      authorId: alice.id,
      categoryId: discussions,
      title: 'House rules',
      pinned: true,
      createdAt: minutesAgo(50_000),
      lastActivityAt: minutesAgo(50_000),
    });
    const recent = await insertPost(t, {
      authorId: bruno.id,
      categoryId: discussions,
      reactionCount: 99,
    });
    for (const sort of ['latest', 'newest', 'top']) {
      const page = await list(`sort=${sort}&category=discussions`);
      expect(page.items[0]?.id, sort).toBe(pinned);
      expect(page.items[0]?.pinned).toBe(true);
      expect(page.items[1]?.id, sort).toBe(recent);
    }
  });

  it('filters by category, tag and author', async () => {
    const tagged = await insertPost(t, {
      authorId: bruno.id,
      categoryId: reviews,
      title: 'Alien, revisited',
      tags: ['horror', 'sci-fi'],
      filmTitle: 'Alien',
      rating: 9,
    });
    await insertPost(t, { authorId: alice.id, categoryId: discussions, tags: ['drama'] });
    const byTag = await list('tag=horror');
    expect(byTag.items.map((item) => item.id)).toEqual([tagged]);
    expect(byTag.items[0]).toMatchObject({
      category: { id: reviews, slug: 'reviews', name: 'Reviews' },
      filmTitle: 'Alien',
      rating: 9,
      tags: ['horror', 'sci-fi'],
      author: { id: bruno.id, name: 'Bruno' },
    });
    expect((await list('category=reviews')).items.map((item) => item.id)).toEqual([tagged]);
    expect((await list('category=reviews&tag=drama')).items).toEqual([]);

    const byAlice = await everyPage('author=ALICE_L', 50);
    expect(byAlice.seen.length).toBeGreaterThan(20);
    const page = await list('author=alice_l&limit=50');
    expect(page.items.every((item) => item.author.id === alice.id)).toBe(true);
    expect(page.items[0]?.author).toEqual({
      id: alice.id,
      username: 'Alice_L',
      name: 'Alice Lumière',
      image: null,
      role: 'user',
    });
  });

  it('leaves deleted and hidden threads out', async () => {
    const deleted = await insertPost(t, {
      authorId: alice.id,
      categoryId: discussions,
      deletedAt: new Date(),
    });
    const hidden = await insertPost(t, {
      authorId: alice.id,
      categoryId: discussions,
      hiddenAt: new Date(),
    });
    const ids = (await everyPage('sort=newest', 50)).seen;
    expect(ids).not.toContain(deleted);
    expect(ids).not.toContain(hidden);
  });

  it('still lists the threads of an archived category', async () => {
    const [old] = await db()
      .insert(categories)
      .values({ slug: 'festival-2019', name: 'Festival 2019', archivedAt: new Date() })
      .returning();
    if (!old) throw new Error('no category');
    const kept = await insertPost(t, { authorId: bruno.id, categoryId: old.id });
    expect((await list('category=festival-2019')).items.map((item) => item.id)).toEqual([kept]);
  });

  it("shows a deleted account's threads under 'deleted user'", async () => {
    const leaver = await buildUser(db(), { name: 'Leaving Soon' });
    const kept = await insertPost(t, {
      authorId: leaver.id,
      categoryId: discussions,
      title: 'Left behind',
    });
    await db()
      .update(users)
      .set({ deletedAt: new Date(), username: null, displayUsername: null, name: 'x' })
      .where(eq(users.id, leaver.id));
    const item = (await list('category=discussions&limit=50')).items.find((row) => row.id === kept);
    expect(item?.author).toEqual({
      id: leaver.id,
      username: null,
      name: 'deleted user',
      image: null,
      role: null,
    });
  });
});
