import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../../shared/forum.js';
import { createAgent } from '../../test/auth-helpers.js';
import {
  buildUser,
  categoryId,
  inHours,
  insertPost,
  moderate,
  person,
  type Person,
  writeArticle,
  writePost,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** jsdom (the web tests' DOM) ships no types; only its XML parser is used here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (
    markup: string,
    options: { contentType: string },
  ) => { window: { document: Document } };
};

let t: TestApp;
let admin: Person;
let writer: Person;
const origin = 'http://viewpoint.test';
const siteName = 'Cinéma "Lumière" & Co';

/** Titles that break a feed written without escaping, or with the wrong encoding. */
const trickyTitles = [
  `Quotes "double" & 'single'`,
  '<script>alert("title")</script> in a title',
  'Popcorn night 🎬🍿 with friends',
  'فيلم الليلة — סרט הלילה',
];
const trickyBody = 'A **bold** claim <script>alert(1)</script> & more: "quoted"';

const made = {
  tricky: [] as PostDetail[],
  hidden: 0,
  deleted: 0,
  pinnedOld: 0,
  byDeletedAuthor: 0,
  newsDiscussion: 0,
  articles: [] as number[],
  draft: 0,
  scheduled: 0,
};

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await person(t, 'admin');
  writer = await person(t, 'moderator', { name: 'Wren Writer' });
  const rename = await admin.agent.inject({
    method: 'PUT',
    url: '/api/admin/site',
    payload: { name: siteName, description: 'Films.' },
  });
  expect(rename.statusCode, rename.body).toBe(200);

  // Older threads first, so the feed's newest are the ones written through the API below.
  const offTopic = await categoryId(t, 'off-topic');
  for (let n = 0; n < 32; n += 1) {
    const at = new Date(Date.UTC(2024, 0, 1 + n));
    await insertPost(t, {
      authorId: writer.user.id,
      categoryId: offTopic,
      title: `Older thread ${n}`,
      createdAt: at,
      lastActivityAt: at,
    });
  }
  made.pinnedOld = await insertPost(t, {
    authorId: writer.user.id,
    categoryId: offTopic,
    title: 'Pinned long ago',
    pinned: true,
    createdAt: new Date('2023-06-01T00:00:00Z'),
    lastActivityAt: new Date('2023-06-01T00:00:00Z'),
  });
  const gone = await buildUser(t.platforms.database.db, { deletedAt: new Date() });
  made.byDeletedAuthor = await insertPost(t, {
    authorId: gone.id,
    categoryId: await categoryId(t, 'discussions'),
    title: 'Written by someone who left',
    createdAt: new Date(Date.now() - 60_000),
  });

  for (const title of trickyTitles) {
    made.tricky.push(await writePost(t, writer.agent, { title, body: trickyBody }));
  }
  made.hidden = (await writePost(t, writer.agent, { title: 'Hidden thread' })).id;
  await moderate(admin.agent, { postId: made.hidden }, { action: 'hide', reason: 'Spoilers' });
  made.deleted = (await writePost(t, writer.agent, { title: 'Deleted thread' })).id;
  await writer.agent.inject({ method: 'DELETE', url: `/api/forum/posts/${made.deleted}` });

  const older = await writeArticle(admin.agent, {
    title: 'First & "older" news',
    publishAt: new Date(Date.now() - 86_400_000).toISOString(),
  });
  const newer = await writeArticle(admin.agent, { title: 'Second <b>newer</b> news' });
  made.articles = [newer.id, older.id];
  const read = await createAgent(t.app).inject({ url: `/api/news/${newer.id}` });
  made.newsDiscussion = read.json<{
    article: { discussionPostId: number };
  }>().article.discussionPostId;
  made.draft = (await writeArticle(admin.agent, { title: 'Draft news', status: 'draft' })).id;
  made.scheduled = (
    await writeArticle(admin.agent, {
      title: 'Scheduled news',
      status: 'scheduled',
      publishAt: inHours(3),
    })
  ).id;
});
afterAll(() => t.close());

interface Entry {
  id: string;
  title: string;
  titleType: string | null;
  link: string | null;
  author: string;
  authorUri: string | null;
  published: string;
  updated: string;
  category: string | null;
  content: string;
  contentType: string | null;
}

/** The feed parsed as XML (a malformed document fails here), with its entries. */
async function readFeed(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
  const feed = doc.documentElement;
  expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
  expect(feed.localName).toBe('feed');
  const child = (parent: Element, name: string) =>
    [...parent.children].find((element) => element.localName === name);
  const text = (parent: Element, name: string) => child(parent, name)?.textContent ?? '';
  const linkOf = (parent: Element, rel: string) =>
    [...parent.children]
      .find((element) => element.localName === 'link' && element.getAttribute('rel') === rel)
      ?.getAttribute('href') ?? null;
  const entries: Entry[] = [...feed.children]
    .filter((element) => element.localName === 'entry')
    .map((entry) => {
      const author = child(entry, 'author');
      return {
        id: text(entry, 'id'),
        title: text(entry, 'title'),
        titleType: child(entry, 'title')?.getAttribute('type') ?? null,
        link: linkOf(entry, 'alternate'),
        author: author ? text(author, 'name') : '',
        authorUri: author && child(author, 'uri') ? text(author, 'uri') : null,
        published: text(entry, 'published'),
        updated: text(entry, 'updated'),
        category: child(entry, 'category')?.getAttribute('term') ?? null,
        content: text(entry, 'content'),
        contentType: child(entry, 'content')?.getAttribute('type') ?? null,
      };
    });
  return {
    raw: res.body,
    title: text(feed, 'title'),
    id: text(feed, 'id'),
    updated: text(feed, 'updated'),
    self: linkOf(feed, 'self'),
    alternate: linkOf(feed, 'alternate'),
    base: feed.getAttribute('xml:base'),
    entries,
  };
}

const threadUrl = (id: number) => `${origin}/forum/post/${id}`;
const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe('the forum feed', () => {
  it("is an Atom feed titled with the site's current name, linking itself and the forum", async () => {
    const feed = await readFeed('/feeds/forum.xml');
    expect(feed.title).toBe(`${siteName} · Forum`);
    expect(feed.id).toBe(`${origin}/feeds/forum.xml`);
    expect(feed.self).toBe(`${origin}/feeds/forum.xml`);
    expect(feed.alternate).toBe(`${origin}/forum`);
    expect(feed.base).toBe(`${origin}/`);
    const latest = feed.entries
      .map((entry) => entry.updated)
      .sort()
      .at(-1);
    expect(feed.updated).toBe(latest);
  });

  it('holds the 30 newest public threads, newest first, pinned or not', async () => {
    const { entries } = await readFeed('/feeds/forum.xml');
    expect(entries).toHaveLength(30);
    const published = entries.map((entry) => entry.published);
    expect(published).toEqual([...published].sort().reverse());
    const ids = entries.map((entry) => entry.id);
    expect(ids.slice(0, 4)).toEqual(made.tricky.map((post) => threadUrl(post.id)).reverse());
    for (const hidden of [made.hidden, made.deleted, made.newsDiscussion, made.pinnedOld]) {
      expect(ids).not.toContain(threadUrl(hidden));
    }
  });

  it('escapes titles and HTML so they read back exactly, emoji and right-to-left text included', async () => {
    const { raw, entries } = await readFeed('/feeds/forum.xml');
    expect(raw).not.toContain('<script');
    expect(raw).toContain('🎬🍿');
    expect(raw).toContain('فيلم الليلة — סרט הלילה');
    for (const post of made.tricky) {
      const entry = entries.find((each) => each.id === threadUrl(post.id));
      expect(entry).toMatchObject({
        title: post.title,
        titleType: 'text',
        link: threadUrl(post.id),
        author: 'Wren Writer',
        authorUri: `${origin}/u/${writer.user.username ?? ''}`,
        published: post.createdAt.replace(/\.\d{3}Z$/, 'Z'),
        category: 'discussions',
        content: post.bodyHtml,
        contentType: 'html',
      });
      expect(entry?.updated).toMatch(rfc3339);
    }
    // The stored HTML escaped the raw tag once; the feed escapes the whole HTML again.
    expect(made.tricky[0]?.bodyHtml).toContain('&lt;script&gt;');
    expect(raw).toContain('&lt;strong&gt;bold&lt;/strong&gt;');
    expect(raw).toContain('&amp;lt;script&amp;gt;');
  });

  it('names a deleted member as such, without a profile link', async () => {
    const { entries } = await readFeed('/feeds/forum.xml');
    const entry = entries.find((each) => each.id === threadUrl(made.byDeletedAuthor));
    expect(entry).toMatchObject({ author: 'deleted user', authorUri: null });
  });
});

describe("a category's feed", () => {
  it("holds only that category's threads and follows the forum filtered by it", async () => {
    const feed = await readFeed('/feeds/forum/discussions.xml');
    expect(feed.title).toBe(`${siteName} · Forum · Discussions`);
    expect(feed.self).toBe(`${origin}/feeds/forum/discussions.xml`);
    expect(feed.alternate).toBe(`${origin}/forum?category=discussions`);
    expect(feed.entries.map((entry) => entry.category)).toEqual(
      feed.entries.map(() => 'discussions'),
    );
    expect(feed.entries.map((entry) => entry.id)).toEqual([
      ...made.tricky.map((post) => threadUrl(post.id)).reverse(),
      threadUrl(made.byDeletedAuthor),
    ]);
  });

  it('is an empty feed for a category without threads yet', async () => {
    const feed = await readFeed('/feeds/forum/recommendations.xml');
    expect(feed.entries).toEqual([]);
    expect(feed.updated).toMatch(rfc3339);
  });

  it.each([
    '/feeds/forum/no-such-category.xml',
    '/feeds/forum/news.xml',
    '/feeds/forum/discussions',
    '/feeds/forum/.xml',
    '/feeds/forum/discussions.xml.xml',
    '/feeds/forum/%3Cscript%3E.xml',
  ])('answers %s with not-found in the error shape', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'Feed not found' } });
  });

  it('answers an archived category with not-found', async () => {
    const created = await admin.agent.inject({
      method: 'POST',
      url: '/api/forum/categories',
      payload: { name: 'Retired', description: 'Gone.' },
    });
    const { id, slug } = created.json<{ category: { id: number; slug: string } }>().category;
    await admin.agent.inject({
      method: 'PATCH',
      url: `/api/forum/categories/${id}`,
      payload: { archived: true },
    });
    const res = await t.app.inject({ method: 'GET', url: `/feeds/forum/${slug}.xml` });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a query string in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feeds/forum.xml?utm_source=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });
});

describe('the news feed', () => {
  it('holds the published articles by publish time, never a draft or one still to come', async () => {
    const feed = await readFeed('/feeds/news.xml');
    expect(feed.title).toBe(`${siteName} · News`);
    expect(feed.alternate).toBe(`${origin}/news`);
    expect(feed.entries.map((entry) => entry.id)).toEqual(
      made.articles.map((id) => `${origin}/news/${id}`),
    );
    expect(feed.entries[0]).toMatchObject({
      title: 'Second <b>newer</b> news',
      author: admin.user.name,
      content: '<p>A long look at the <em>programme</em>.</p>\n',
      contentType: 'html',
    });
    expect(feed.entries[1]?.title).toBe('First & "older" news');
    expect(feed.raw).not.toContain('<b>');
  });
});
