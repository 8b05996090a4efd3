import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '../../../shared/errors.js';
import type { NewsArticle } from '../../../shared/news.js';
import { uploadResponse } from '../../../shared/uploads.js';
import { socialImagePath } from '../../../shared/social-image.js';
import { users } from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  categoryId,
  inHours,
  insertPost,
  moderate,
  person,
  postImage,
  writeArticle,
  writePost,
  type Person,
} from '../../test/factories.js';
import { pngImage, solidPng } from '../../test/images.js';

let t: TestApp;
let admin: Person;
let moderator: Person;
let anna: Person;
const db = () => t.platforms.database.db;
const visitor = () => createAgent(t.app);
const get = (url: string, headers: Record<string, string> = {}) =>
  visitor().inject({ method: 'GET', url, headers });
const imageOf = (pagePath: string) => get(socialImagePath(pagePath));

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'admin');
  moderator = await person(t, 'moderator');
  anna = await person(t, 'user', { name: 'Anna Karenina', username: 'anna' });
  const upload = await postImage(anna.agent, await pngImage(300, 300), 'avatar', 'me.png');
  const avatarUrl = uploadResponse.parse(upload.json()).upload.thumbnailUrl;
  const profile = await anna.agent.inject({
    method: 'PATCH',
    url: '/api/account/profile',
    payload: { avatarUrl, bio: 'Slow cinema, festival finds.\nAnd the odd blockbuster.' },
  });
  expect(profile.statusCode).toBe(200);
});
afterAll(() => t.close());

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function expectPreview(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  expect(res.headers.etag).toMatch(/^"og[0-9a-f]{64}\.png"$/);
  expect(res.rawPayload.subarray(0, 8).equals(pngSignature)).toBe(true);
  const meta = await sharp(res.rawPayload).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'png',
    width: 1200,
    height: 630,
  });
  return res;
}

function expectNotFound(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(404);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(errorEnvelopeSchema.parse(res.json()).error.code).toBe('not-found');
}

const keyOf = (res: LightMyRequestResponse) => String(res.headers.etag).replaceAll('"', '');

async function writeReview(author: Person, title: string) {
  return writePost(t, author.agent, {
    title,
    categoryId: await categoryId(t, 'reviews'),
    filmTitle: 'Past Lives',
    rating: 8,
  });
}

describe('a thread’s preview image', () => {
  it('is a 1200×630 PNG of a review, stored once and then served from the storage', async () => {
    const review = await writeReview(anna, 'Past Lives is the quietest heartbreak of the decade');
    const put = vi.spyOn(t.platforms.storage, 'put');
    try {
      const first = await expectPreview(await imageOf(`/forum/post/${review.id}`));
      const key = keyOf(first);
      expect(put).toHaveBeenCalledTimes(1);
      expect(put).toHaveBeenCalledWith(key, first.rawPayload, 'image/png');
      const stored = await t.platforms.storage.get(key);
      expect(stored?.size).toBe(first.rawPayload.length);
      stored?.body.destroy();

      // What is stored under the key is what is answered: nothing is drawn again.
      const standIn = await solidPng(1200, 630);
      await t.platforms.storage.put(key, standIn, 'image/png');
      const second = await imageOf(`/forum/post/${review.id}`);
      expect(second.statusCode).toBe(200);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.rawPayload.equals(standIn)).toBe(true);
      expect(put).toHaveBeenCalledTimes(2);
    } finally {
      put.mockRestore();
    }
  });

  it('answers 304 to a client holding the current image', async () => {
    const review = await writeReview(await person(t), 'A review to be fetched twice');
    const first = await imageOf(`/forum/post/${review.id}`);
    const etag = String(first.headers.etag);
    const again = await get(socialImagePath(`/forum/post/${review.id}`), {
      'if-none-match': `W/"og${'0'.repeat(64)}.png", ${etag}`,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.length).toBe(0);
    const stale = await get(socialImagePath(`/forum/post/${review.id}`), {
      'if-none-match': `"og${'0'.repeat(64)}.png"`,
    });
    expect(stale.statusCode).toBe(200);
  });

  it('draws once for concurrent first requests', async () => {
    const review = await writeReview(await person(t), 'Everyone shares this review at once');
    const put = vi.spyOn(t.platforms.storage, 'put');
    try {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => imageOf(`/forum/post/${review.id}`)),
      );
      for (const res of answers) await expectPreview(res);
      expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
      expect(put).toHaveBeenCalledTimes(1);
    } finally {
      put.mockRestore();
    }
  });

  it('is drawn anew under a new key when the title changes', async () => {
    const author = await person(t);
    const post = await writePost(t, author.agent, { title: 'A first title for this thread' });
    const before = await expectPreview(await imageOf(`/forum/post/${post.id}`));
    const edit = await author.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { title: 'A better title, after some thought' },
    });
    expect(edit.statusCode).toBe(200);
    const after = await expectPreview(await imageOf(`/forum/post/${post.id}`));
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });

  it('shows a review’s rating only while it is in Reviews, and again once it is moved back', async () => {
    const review = await writeReview(await person(t), 'A review that wanders between categories');
    const path = `/forum/post/${review.id}`;
    const inReviews = keyOf(await expectPreview(await imageOf(path)));
    const moveTo = async (slug: string) => {
      const res = await moderate(
        moderator.agent,
        { postId: review.id },
        { action: 'move', categoryId: await categoryId(t, slug) },
      );
      expect(res.statusCode, res.body).toBe(200);
    };

    await moveTo('discussions');
    // Drawn as a thread that never had a rating: the same title, author and category.
    const twin = await insertPost(t, {
      title: review.title,
      authorId: review.author.id,
      categoryId: await categoryId(t, 'discussions'),
    });
    const moved = keyOf(await expectPreview(await imageOf(path)));
    expect(moved).toBe(keyOf(await expectPreview(await imageOf(`/forum/post/${twin}`))));

    await moveTo('reviews');
    expect(keyOf(await expectPreview(await imageOf(path)))).toBe(inReviews);
  });

  it('draws any title: quotes, markup, emoji, right-to-left scripts, 300 characters', async () => {
    const titles = [
      "He said \"it's a masterpiece\" — and 'meant' it",
      '<script>alert("x")</script> & <b>bold</b> claims',
      'Best popcorn films 🍿🎬 of the year 👩‍👩‍👧',
      'ואלס עם באשיר: סקירה',
      'مراجعة فيلم: الرسالة',
      'Waltz with Bashir — ואלס עם באשיר — فالس مع بشير',
      '東京物語 (Tokyo Story)',
      'Летят журавли · Οι πάνθηρες · Tiếng Việt · हिन्दी',
      `${'A very long title about films '.repeat(10).trim()}.`,
    ];
    expect(titles.at(-1)).toHaveLength(300);
    const author = await person(t, 'user', { name: 'דנה 🎬' });
    const discussions = await categoryId(t, 'discussions');
    for (const title of titles) {
      const id = await insertPost(t, { title, authorId: author.user.id, categoryId: discussions });
      await expectPreview(await imageOf(`/forum/post/${id}`));
    }
  });

  it('is not there for a hidden, deleted or unknown thread, or a news article’s discussion', async () => {
    const hidden = await writePost(t, (await person(t)).agent, { title: 'A thread to be hidden' });
    await expectPreview(await imageOf(`/forum/post/${hidden.id}`));
    const hide = await moderate(
      moderator.agent,
      { postId: hidden.id },
      { action: 'hide', reason: 'Spoilers' },
    );
    expect(hide.statusCode).toBe(200);
    expectNotFound(await imageOf(`/forum/post/${hidden.id}`));

    const author = await person(t);
    const deleted = await writePost(t, author.agent, { title: 'A thread to be deleted' });
    const removal = await author.agent.inject({
      method: 'DELETE',
      url: `/api/forum/posts/${deleted.id}`,
    });
    expect(removal.statusCode).toBeLessThan(300);
    expectNotFound(await imageOf(`/forum/post/${deleted.id}`));

    expectNotFound(await imageOf('/forum/post/987654321'));

    const article = await writeArticle(admin.agent, { title: 'An article with a discussion' });
    const read = await visitor().inject({ url: `/api/news/${article.id}` });
    const discussionId = read.json<{ article: NewsArticle }>().article.discussionPostId;
    expect(discussionId).toEqual(expect.any(Number));
    expectNotFound(await imageOf(`/forum/post/${discussionId}`));
  });
});

describe('a news article’s preview image', () => {
  it('shows a published article', async () => {
    const article = await writeArticle(admin.agent, { title: 'Festival season opens' });
    await expectPreview(await imageOf(`/news/${article.id}`));
  });

  it('is not there for a draft, an article scheduled for later or an unknown id', async () => {
    const draft = await writeArticle(admin.agent, { title: 'A draft', status: 'draft' });
    const later = await writeArticle(admin.agent, {
      title: 'Tomorrow’s news',
      status: 'scheduled',
      publishAt: inHours(24),
    });
    expectNotFound(await imageOf(`/news/${draft.id}`));
    expectNotFound(await imageOf(`/news/${later.id}`));
    expectNotFound(await imageOf('/news/987654321'));
  });
});

describe('a member’s preview image', () => {
  it('shows the member with their avatar, whatever the case of the name in the address', async () => {
    const read = vi.spyOn(t.platforms.storage, 'get');
    const res = await imageOf('/u/anna');
    const keysRead = read.mock.calls.map(([key]) => key);
    read.mockRestore();
    await expectPreview(res);
    // The avatar is drawn from its thumbnail, read from the storage.
    expect(keysRead).toContainEqual(expect.stringMatching(/^[a-z0-9]+\.thumb\.webp$/));
    const upper = await expectPreview(await imageOf('/u/ANNA'));
    expect(upper.headers.etag).toBe(res.headers.etag);
    await expectPreview(await imageOf(`/u/${moderator.user.username}`));
  });

  it('is drawn for a name in a script the fonts lack', async () => {
    const member = await person(t, 'user', { name: 'مريم' });
    await expectPreview(await imageOf(`/u/${member.user.username}`));
  });

  it('is not there for an unknown or deleted account', async () => {
    expectNotFound(await imageOf('/u/nobody_here'));
    const gone = await person(t);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    expectNotFound(await imageOf(`/u/${gone.user.username}`));
  });
});

describe('other pages’ preview images', () => {
  it('shows the public pages of the route table', async () => {
    for (const page of ['/', '/about', '/forum', '/news', '/auth/sign-up']) {
      await expectPreview(await imageOf(page));
    }
  });

  it('answers 404 for guarded pages and for paths that are no page', async () => {
    for (const url of [
      '/og',
      '/og/',
      '/og/nope.png',
      '/og/index',
      '/og/about',
      '/og/about.jpg',
      '/og/.png',
      '/og/forum/post/abc.png',
      '/og/forum/post/0.png',
      '/og/forum/post/1e3.png',
      '/og/forum/post/12/.png',
      '/og/forum/post/99999999999999999999.png',
      '/og/u/a.png',
      '/og/u/anna/extra.png',
      '/og/admin.png',
      '/og/user-profile.png',
      '/og/add-new.png',
      '/og/forum/post/edit/1.png',
    ]) {
      expectNotFound(await get(url));
    }
  });
});
