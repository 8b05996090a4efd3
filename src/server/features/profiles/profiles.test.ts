import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmPath } from '../../../shared/films.js';
import { profileReviewsResponse, publicProfileResponse } from '../../../shared/profiles.js';
import { categories, comments, films, posts, profiles, users } from '../../schema.js';
import { createAgent, signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buildUser,
  type UserRow,
  buildAccount,
  categoryId,
  insertPost,
  postImage,
} from '../../test/factories.js';
import { pngImage } from '../../test/images.js';

let t: TestApp;
let ada: UserRow;
let adaAgent: Agent;
let grace: Agent;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  ada = await buildAccount(t.platforms.database.db, {
    username: 'ada_lovelace',
    displayUsername: 'Ada_Lovelace',
    name: 'Ada Lovelace',
    createdAt: new Date('2024-03-01T10:00:00Z'),
  });
  adaAgent = await signIn(t.app, ada);
  grace = await signIn(t.app, await buildAccount(t.platforms.database.db));
});
afterAll(async () => {
  await t.close();
});

const db = () => t.platforms.database.db;
const anonymous = () => createAgent(t.app);
const profileOf = (username: string) =>
  anonymous().inject({ method: 'GET', url: `/api/profiles/${username}` });
const patchProfile = (agent: Agent, payload: object) =>
  agent.inject({ method: 'PATCH', url: '/api/account/profile', payload });
const imageOf = async (id: string) =>
  (await db().select({ image: users.image }).from(users).where(eq(users.id, id)))[0]?.image;

describe('public profiles', () => {
  it('shows a member with default profile fields to anyone, matching the name in any case', async () => {
    const res = await profileOf('ADA_lovelace');
    expect(res.statusCode).toBe(200);
    expect(publicProfileResponse.parse(res.json()).profile).toEqual({
      id: ada.id,
      username: 'Ada_Lovelace',
      name: 'Ada Lovelace',
      image: null,
      role: 'user',
      bio: '',
      location: '',
      favouriteFilms: [],
      joinedAt: '2024-03-01T10:00:00.000Z',
      blocked: false,
      counts: { posts: 0, replies: 0 },
      supporter: false,
    });
  });

  it('counts visible posts and replies only', async () => {
    const author = await buildUser(db());
    const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
    const post = (extra: Partial<typeof posts.$inferInsert> = {}) => ({
      categoryId: category!.id,
      authorId: author.id,
      title: 'A thread about light',
      bodySource: 'Body',
      bodyHtml: '<p>Body</p>',
      ...extra,
    });
    const inserted = await db()
      .insert(posts)
      .values([post(), post(), post({ deletedAt: new Date() }), post({ hiddenAt: new Date() })])
      .returning({ id: posts.id });
    const reply = (extra: Partial<typeof comments.$inferInsert> = {}) => ({
      postId: inserted[0]!.id,
      authorId: author.id,
      bodySource: 'Reply',
      bodyHtml: '<p>Reply</p>',
      ...extra,
    });
    await db()
      .insert(comments)
      .values([
        reply(),
        reply(),
        reply(),
        reply({ deletedAt: new Date() }),
        reply({ hiddenAt: new Date() }),
      ]);
    const res = await profileOf(author.username!);
    expect(res.json().profile.counts).toEqual({ posts: 2, replies: 3 });
  });

  it('counts no reply whose thread is deleted or hidden, matching the list of replies', async () => {
    const author = await buildUser(db());
    const threadAuthor = await buildUser(db());
    const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
    const thread = (extra: Partial<typeof posts.$inferInsert>) => ({
      categoryId: category!.id,
      authorId: threadAuthor.id,
      title: 'A thread about shadows',
      bodySource: 'Body',
      bodyHtml: '<p>Body</p>',
      ...extra,
    });
    const [shown, deleted, hidden] = await db()
      .insert(posts)
      .values([thread({}), thread({ deletedAt: new Date() }), thread({ hiddenAt: new Date() })])
      .returning({ id: posts.id });
    const reply = (postId: number) => ({
      postId,
      authorId: author.id,
      bodySource: 'Reply',
      bodyHtml: '<p>Reply</p>',
    });
    await db()
      .insert(comments)
      .values([reply(shown!.id), reply(deleted!.id), reply(deleted!.id), reply(hidden!.id)]);

    const res = await profileOf(author.username!);
    expect(res.json().profile.counts).toEqual({ posts: 0, replies: 1 });
    const list = await anonymous().inject({
      method: 'GET',
      url: `/api/forum/comments?author=${author.username!}`,
    });
    expect(list.json().items).toHaveLength(1);
  });

  it('says when the account is blocked (and stops saying so once the block ends)', async () => {
    const blocked = await buildUser(db(), {
      role: 'moderator',
      banned: true,
      banReason: 'Spam',
      banExpires: new Date(Date.now() + 86_400_000),
    });
    const res = await profileOf(blocked.username!);
    expect(res.json().profile).toMatchObject({ blocked: true, role: 'moderator' });
    expect(JSON.stringify(res.json())).not.toContain('Spam');
    const ended = await buildUser(db(), { banned: true, banExpires: new Date(Date.now() - 1000) });
    expect((await profileOf(ended.username!)).json().profile.blocked).toBe(false);
  });

  it('answers not-found for unknown names and deleted accounts', async () => {
    const gone = await buildUser(db(), { deletedAt: new Date() });
    for (const name of ['nobody_here', gone.username!]) {
      const res = await profileOf(name);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not-found');
    }
  });
});

describe("a member's reviews", () => {
  const reviewsOf = (username: string, query = '') =>
    anonymous().inject({ method: 'GET', url: `/api/profiles/${username}/reviews${query}` });
  const day = 86_400_000;
  const newest = Date.UTC(2026, 10, 20, 12);

  it('lists visible reviews newest first, 20 a page, with their films and the spread of ratings', async () => {
    const critic = await buildUser(db(), { username: 'diarist' });
    const reviews = await categoryId(t, 'reviews');
    const discussions = await categoryId(t, 'discussions');
    const [film] = await db()
      .insert(films)
      .values({ title: 'Stalker', year: 1979 })
      .returning({ id: films.id });
    const filmId = film!.id;
    const review = (
      index: number,
      rating: number,
      extra: Partial<typeof posts.$inferInsert> = {},
    ) =>
      insertPost(t, {
        authorId: critic.id,
        categoryId: reviews,
        title: `Zone visit ${index}`,
        filmId,
        rating,
        createdAt: new Date(newest - index * day),
        ...extra,
      });
    // 22 visible reviews: every rating twice, then a 1 and a 2 more.
    const ids: number[] = [];
    for (let index = 0; index < 22; index += 1) ids.push(await review(index, (index % 10) + 1));
    // Neither listed nor counted: a hidden review, a deleted one, and a rated thread moved out of Reviews.
    await review(30, 10, { hiddenAt: new Date() });
    await review(31, 10, { deletedAt: new Date() });
    await review(32, 10, { categoryId: discussions });
    // Newer than every visible one, so a leak would head the first page.
    await review(-1, 10, { hiddenAt: new Date() });

    const first = await reviewsOf('DIARIST');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = profileReviewsResponse.parse(first.json());
    expect(page1.page).toBe(1);
    expect(page1.pageCount).toBe(2);
    expect(page1.spread).toEqual([3, 3, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(page1.items.map((item) => item.id)).toEqual(ids.slice(0, 20));
    expect(page1.items[0]).toEqual({
      id: ids[0],
      title: 'Zone visit 0',
      rating: 1,
      createdAt: new Date(newest).toISOString(),
      film: {
        id: filmId,
        title: 'Stalker',
        year: 1979,
        url: filmPath({ id: filmId, title: 'Stalker' }),
      },
    });

    const page2 = profileReviewsResponse.parse((await reviewsOf('diarist', '?page=2')).json());
    expect(page2.items.map((item) => item.id)).toEqual(ids.slice(20));
    expect(page2.spread).toEqual(page1.spread);
    const past = profileReviewsResponse.parse((await reviewsOf('diarist', '?page=3')).json());
    expect(past.items).toEqual([]);
  });

  it('answers an empty diary for a member without reviews, and not-found for unknown names', async () => {
    const quiet = profileReviewsResponse.parse((await reviewsOf('ada_lovelace')).json());
    expect(quiet).toEqual({ items: [], page: 1, pageCount: 1, spread: Array(10).fill(0) });
    const unknown = await reviewsOf('no_such_member');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not-found');
    expect((await reviewsOf('ada_lovelace', '?page=0')).statusCode).toBe(400);
    expect((await reviewsOf('ada_lovelace', '?sort=best')).statusCode).toBe(400);
  });
});

describe('editing your profile', () => {
  it('saves bio, location and favourite films, changing only what was sent', async () => {
    const res = await patchProfile(adaAgent, {
      bio: '  Analyst of engines and of films.  ',
      location: 'London',
      favouriteFilms: ['Metropolis', 'The Third Man'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      id: ada.id,
      bio: 'Analyst of engines and of films.',
      location: 'London',
      favouriteFilms: ['Metropolis', 'The Third Man'],
    });
    const again = await patchProfile(adaAgent, { location: 'Marylebone' });
    expect(again.json().profile).toMatchObject({
      bio: 'Analyst of engines and of films.',
      location: 'Marylebone',
    });
    const own = await adaAgent.inject({ method: 'GET', url: '/api/account/profile' });
    expect(own.json()).toEqual(again.json());
    expect((await profileOf('ada_lovelace')).json()).toEqual(again.json());
  });

  it('sets an avatar from your own upload and removes it with null', async () => {
    const upload = (await postImage(adaAgent, await pngImage(), 'avatar')).json().upload;
    const res = await patchProfile(adaAgent, { avatarUrl: upload.thumbnailUrl });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.image).toBe(upload.thumbnailUrl);
    expect(await imageOf(ada.id)).toBe(upload.thumbnailUrl);
    const removed = await patchProfile(adaAgent, { avatarUrl: null });
    expect(removed.json().profile.image).toBeNull();
    expect(await imageOf(ada.id)).toBeNull();
  });

  it("refuses someone else's upload, an unknown one and a foreign URL as avatar", async () => {
    const theirs = (await postImage(grace, await pngImage())).json().upload;
    for (const avatarUrl of [theirs.url, '/media/0123456789abcdef0123456789abcdef.webp']) {
      const res = await patchProfile(adaAgent, { avatarUrl, bio: 'changed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid-argument',
        message: 'Choose an image you uploaded',
      });
    }
    const foreign = await patchProfile(adaAgent, { avatarUrl: 'https://evil.example/x.png' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/Choose an image you uploaded/);
    expect(await imageOf(ada.id)).toBeNull();
    expect((await profileOf('ada_lovelace')).json().profile.bio).not.toBe('changed');
  });

  it('refuses a bio over 500 characters and unknown fields, changing nothing', async () => {
    const before = await db().select().from(profiles).where(eq(profiles.userId, ada.id));
    const long = await patchProfile(adaAgent, { bio: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/Bio can be at most 500 characters/);
    const unknown = await patchProfile(adaAgent, { website: 'https://example.test' });
    expect(unknown.statusCode).toBe(400);
    expect(await db().select().from(profiles).where(eq(profiles.userId, ada.id))).toEqual(before);
  });

  it('needs a signed-in, verified account', async () => {
    const own = await anonymous().inject({ method: 'GET', url: '/api/account/profile' });
    expect(own.statusCode).toBe(401);
    expect((await patchProfile(anonymous(), { bio: 'hi' })).statusCode).toBe(401);
    const unverified = await signIn(t.app, await buildAccount(db(), { emailVerified: false }));
    expect((await patchProfile(unverified, { bio: 'hi' })).statusCode).toBe(403);
  });
});
