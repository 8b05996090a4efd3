import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail, PostList } from '../../../shared/forum.js';
import type { SearchResult } from '../../../shared/search.js';
import { posts } from '../../schema.js';
import { createAgent, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, moderate, person, writePost, type Person } from '../../test/factories.js';

let t: TestApp;
let moderator: Person;
let admin: Person;
let reviews: number;
let discussions: number;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { FORUM_LIST_CACHE_MS: '0' } });
  moderator = await person(t, 'moderator');
  admin = await person(t, 'admin');
  reviews = await categoryId(t, 'reviews');
  discussions = await categoryId(t, 'discussions');
});
afterAll(() => t.close());

async function stored(id: number) {
  const [row] = await t.platforms.database.db
    .select({ filmTitle: posts.filmTitle, rating: posts.rating, categoryId: posts.categoryId })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}

async function shown(id: number) {
  const res = await createAgent(t.app).inject({ url: `/api/forum/posts/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  const { filmTitle, rating } = res.json<{ post: PostDetail }>().post;
  return { filmTitle, rating };
}

async function listedIn(slug: string, id: number) {
  const res = await createAgent(t.app).inject({ url: `/api/forum/posts?category=${slug}` });
  const item = res.json<PostList>().items.find((row) => row.id === id);
  return item && { filmTitle: item.filmTitle, rating: item.rating };
}

async function found(query: Record<string, string>) {
  const params = new URLSearchParams(query);
  const res = await createAgent(t.app).inject({ url: `/api/search?${params.toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<SearchResult>()
    .items.map((hit) =>
      hit.kind === 'posts' ? { id: hit.id, filmTitle: hit.filmTitle, rating: hit.rating } : null,
    );
}

async function writeReview(author: Person, word: string) {
  return writePost(t, author.agent, {
    title: `${word}, a review`,
    body: `Thoughts on ${word}.`,
    categoryId: reviews,
    filmTitle: 'Heat',
    rating: 8,
  });
}

const edit = (agent: Agent, id: number, payload: object) =>
  agent.inject({ method: 'PATCH', url: `/api/forum/posts/${id}`, payload });

const heat = { filmTitle: 'Heat', rating: 8 };
const none = { filmTitle: null, rating: null };

describe("a review's film and rating outside Reviews", () => {
  it('are kept through a move out of Reviews and shown again when a moderator moves it back', async () => {
    const review = await writeReview(await person(t), 'quillwort');
    const moveTo = (categoryId: number) =>
      moderate(moderator.agent, { postId: review.id }, { action: 'move', categoryId });

    expect((await moveTo(discussions)).statusCode).toBe(200);
    expect(await stored(review.id)).toEqual({ ...heat, categoryId: discussions });
    // Where the category shows no ratings, no read shows them: the thread, the list, search.
    expect(await shown(review.id)).toEqual(none);
    expect(await listedIn('discussions', review.id)).toEqual(none);
    expect(await found({ q: 'quillwort' })).toEqual([{ id: review.id, ...none }]);
    expect(await found({ q: 'quillwort', minRating: '8' })).toEqual([]);

    expect((await moveTo(reviews)).statusCode).toBe(200);
    expect(await shown(review.id)).toEqual(heat);
    expect(await listedIn('reviews', review.id)).toEqual(heat);
    expect(await found({ q: 'quillwort', minRating: '8' })).toEqual([{ id: review.id, ...heat }]);
  });

  it('are kept when its author edits it where ratings are not shown, and come back with it', async () => {
    const author = await person(t);
    const review = await writeReview(author, 'bladderwrack');
    await moderate(
      moderator.agent,
      { postId: review.id },
      { action: 'move', categoryId: discussions },
    );

    // The edit form sends no film or rating outside Reviews: null, as for a plain thread.
    const changed = await edit(author.agent, review.id, {
      body: 'Second thoughts on bladderwrack.',
      filmTitle: null,
      rating: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await stored(review.id)).toMatchObject(heat);

    // Giving a film or a rating where none is shown is still refused, and changes nothing.
    const refused = await edit(author.agent, review.id, { rating: 9 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Only threads in Reviews/);
    expect(await stored(review.id)).toMatchObject(heat);

    const back = await edit(author.agent, review.id, { categoryId: reviews });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ post: PostDetail }>().post).toMatchObject(heat);
  });

  it('are kept when its author moves it out of Reviews by an edit, and back', async () => {
    const author = await person(t);
    const review = await writeReview(author, 'sandwort');
    const out = await edit(author.agent, review.id, {
      categoryId: discussions,
      filmTitle: null,
      rating: null,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<{ post: PostDetail }>().post).toMatchObject(none);
    expect(await stored(review.id)).toEqual({ ...heat, categoryId: discussions });

    const back = await edit(author.agent, review.id, { categoryId: reviews });
    expect(back.json<{ post: PostDetail }>().post).toMatchObject(heat);
    // In Reviews an emptied rating is the author's choice, and is saved.
    const cleared = await edit(author.agent, review.id, { rating: null });
    expect(cleared.json<{ post: PostDetail }>().post).toMatchObject({ ...heat, rating: null });
  });

  it('are kept when an admin archives Reviews and opens it again', async () => {
    const review = await writeReview(await person(t), 'moonwort');
    const archive = (archived: boolean) =>
      admin.agent.inject({
        method: 'PATCH',
        url: `/api/forum/categories/${reviews}`,
        payload: { archived },
      });
    expect((await archive(true)).statusCode).toBe(200);
    try {
      expect(await shown(review.id)).toEqual(heat);
    } finally {
      expect((await archive(false)).statusCode).toBe(200);
    }
    expect(await shown(review.id)).toEqual(heat);
    expect(await stored(review.id)).toMatchObject(heat);
  });
});
