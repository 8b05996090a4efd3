import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList } from '../../../shared/forum.js';
import { siteRoutes } from '../../../shared/routes.js';
import { newsArticles } from '../../schema.js';
import { earlyErrorOptions, registerErrorHandler } from '../../plugins/errors.js';
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
  writeReply,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerDiscoveryRoutes, type DiscoveryOptions } from './routes.js';

let t: TestApp;
let admin: Person;
let writer: Person;
const origin = 'http://viewpoint.test';
const db = () => t.platforms.database.db;

/** What the fixtures made, by what a visitor may see of it. */
const made = {
  publicThreads: [] as number[],
  hiddenThread: 0,
  deletedThread: 0,
  archivedCategoryThread: 0,
  newsDiscussion: 0,
  published: 0,
  draft: 0,
  scheduled: 0,
  blocked: '',
  deleted: '',
};

/**
 * The discovery routes registered on their own with `options` (a small page size, no cache),
 * over the test app's database and behind the app's error handler.
 */
async function discoveryApp(options: Partial<DiscoveryOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ ...earlyErrorOptions, routerOptions: { ignoreTrailingSlash: true } });
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  registerDiscoveryRoutes(app, {
    db: db(),
    publicUrl: t.config.publicUrl,
    siteName: t.config.siteName,
    ...options,
  });
  await app.ready();
  return app;
}

let fresh: FastifyInstance;
let small: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await person(t, 'admin');
  // Moderators are counted per address only, so one writer may start several threads.
  writer = await person(t, 'moderator', { displayUsername: 'Writer_One' });
  const discussions = await categoryId(t, 'discussions');
  made.publicThreads.push((await writePost(t, writer.agent, { title: 'Public one' })).id);
  made.publicThreads.push(
    (
      await writePost(t, writer.agent, {
        title: 'Public two',
        categoryId: await categoryId(t, 'recommendations'),
      })
    ).id,
  );
  made.hiddenThread = (await writePost(t, writer.agent, { title: 'Hidden' })).id;
  const hide = await moderate(
    admin.agent,
    { postId: made.hiddenThread },
    { action: 'hide', reason: 'Spoilers' },
  );
  expect(hide.statusCode, hide.body).toBe(200);
  made.deletedThread = (await writePost(t, writer.agent, { title: 'Deleted' })).id;
  const removed = await writer.agent.inject({
    method: 'DELETE',
    url: `/api/forum/posts/${made.deletedThread}`,
  });
  expect(removed.statusCode).toBe(204);

  // A category archived after a thread was written in it: the forum's list still shows it.
  const created = await admin.agent.inject({
    method: 'POST',
    url: '/api/forum/categories',
    payload: { name: 'Festival diaries', description: 'Notes from festivals.' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const archived = created.json<{ category: { id: number } }>().category.id;
  made.archivedCategoryThread = (
    await writePost(t, writer.agent, { title: 'From the festival', categoryId: archived })
  ).id;
  const archive = await admin.agent.inject({
    method: 'PATCH',
    url: `/api/forum/categories/${archived}`,
    payload: { archived: true },
  });
  expect(archive.statusCode, archive.body).toBe(200);
  made.publicThreads.push(made.archivedCategoryThread);
  made.publicThreads.push(
    await insertPost(t, { authorId: writer.user.id, categoryId: discussions, title: 'Inserted' }),
  );

  made.published = (await writeArticle(admin.agent, { title: 'Out now' })).id;
  // The first read opens the article's discussion thread in the archived news category.
  const read = await createAgent(t.app).inject({ url: `/api/news/${made.published}` });
  made.newsDiscussion = read.json<{
    article: { discussionPostId: number };
  }>().article.discussionPostId;
  expect(made.newsDiscussion).toBeGreaterThan(0);
  made.draft = (await writeArticle(admin.agent, { title: 'Draft', status: 'draft' })).id;
  made.scheduled = (
    await writeArticle(admin.agent, {
      title: 'Later',
      status: 'scheduled',
      publishAt: inHours(2),
    })
  ).id;

  made.blocked = (await buildUser(db(), { banned: true, banReason: 'Spam' })).username ?? '';
  made.deleted = (await buildUser(db(), { deletedAt: new Date() })).username ?? '';
  await buildUser(db(), { username: null });

  fresh = await discoveryApp({ cacheMs: 0 });
  small = await discoveryApp({ cacheMs: 0, pageSize: 2, batchSize: 1 });
});
afterAll(async () => {
  await small.close();
  await fresh.close();
  await t.close();
});

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.body;
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
const lastmods = (xml: string) =>
  [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((match) => match[1]);
const idsIn = (xml: string, path: string) =>
  locs(xml).flatMap((loc) => {
    const id = loc?.startsWith(`${origin}${path}`) ? loc.slice(origin.length + path.length) : '';
    return id ? [Number(id)] : [];
  });
/** Each `<url>` or `<sitemap>` entry as its address and its lastmod. */
const entries = (xml: string) =>
  [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)].map(
    (match) => ({ loc: match[1], lastmod: match[2] }),
  );

/** Every thread the forum's own list shows a visitor, whole categories included. */
async function forumListIds(): Promise<number[]> {
  const visitor = createAgent(t.app);
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await visitor.inject({
      url: `/api/forum/posts?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    const page = res.json<PostList>();
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('the sitemap index', () => {
  it('names every sitemap page on the public origin, each with its lastmod', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    const listed = entries(res.body);
    expect(listed.map((entry) => entry.loc)).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/threads-1.xml`,
      `${origin}/sitemaps/news-1.xml`,
      `${origin}/sitemaps/profiles-1.xml`,
    ]);
    for (const entry of listed) expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('gives each page the latest lastmod of the URLs it holds', async () => {
    const index = entries(await get(t.app, '/sitemap.xml'));
    for (const { loc, lastmod } of index.slice(1)) {
      const page = await get(t.app, (loc ?? '').slice(origin.length));
      expect(lastmods(page).sort().at(-1)).toBe(lastmod);
    }
  });
});

describe('the public pages', () => {
  it("lists the route table's sitemap pages and the categories the forum offers as filters", async () => {
    const xml = await get(t.app, '/sitemaps/pages.xml');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const staticPages = siteRoutes.filter((route) => route.inSitemap).map((route) => route.path);
    expect(staticPages).toContain('/about');
    expect(locs(xml)).toEqual([
      ...staticPages.map((path) => origin + path),
      `${origin}/forum?category=reviews`,
      `${origin}/forum?category=discussions`,
      `${origin}/forum?category=recommendations`,
      `${origin}/forum?category=off-topic`,
    ]);
    expect(xml).not.toContain('category=news');
    expect(xml).not.toContain('festival-diaries');
    // The forum changes with its threads; the about page has no date to give.
    const byLoc = new Map(entries(xml).map((entry) => [entry.loc, entry.lastmod]));
    expect(byLoc.get(`${origin}/forum`)).toMatch(/Z$/);
    expect(byLoc.get(`${origin}/forum?category=discussions`)).toMatch(/Z$/);
    expect(byLoc.get(`${origin}/about`)).toBeUndefined();
  });
});

describe('threads', () => {
  it('lists exactly the threads the forum list shows a visitor, in id order', async () => {
    const listed = idsIn(await get(fresh, '/sitemaps/threads-1.xml'), '/forum/post/');
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
    expect(new Set(listed)).toEqual(new Set(await forumListIds()));
    expect(listed).toEqual(expect.arrayContaining(made.publicThreads));
    for (const gone of [made.hiddenThread, made.deletedThread, made.newsDiscussion]) {
      expect(listed).not.toContain(gone);
    }
  });

  it('dates each thread by its last reply or edit, whichever came later', async () => {
    const discussions = await categoryId(t, 'discussions');
    const edited = await insertPost(t, {
      authorId: writer.user.id,
      categoryId: discussions,
      createdAt: new Date('2024-03-01T10:00:00Z'),
      lastActivityAt: new Date('2024-03-02T11:30:00Z'),
      editedAt: new Date('2024-03-05T08:15:42.250Z'),
    });
    const replied = await insertPost(t, {
      authorId: writer.user.id,
      categoryId: discussions,
      createdAt: new Date('2024-03-01T10:00:00Z'),
      lastActivityAt: new Date('2024-03-01T10:00:00Z'),
      editedAt: new Date('2024-03-01T12:00:00Z'),
    });
    const dated = async () =>
      new Map(
        entries(await get(fresh, '/sitemaps/threads-1.xml')).map((entry) => [
          entry.loc,
          entry.lastmod,
        ]),
      );
    let byLoc = await dated();
    expect(byLoc.get(`${origin}/forum/post/${edited}`)).toBe('2024-03-05T08:15:42Z');
    expect(byLoc.get(`${origin}/forum/post/${replied}`)).toBe('2024-03-01T12:00:00Z');

    const before = Date.now() - 1000;
    await writeReply(admin.agent, replied, { body: 'A late reply.' });
    byLoc = await dated();
    expect(Date.parse(byLoc.get(`${origin}/forum/post/${replied}`) ?? '')).toBeGreaterThan(before);
  });
});

describe('news articles', () => {
  it('lists published articles only, never a draft or one still to come', async () => {
    const xml = await get(fresh, '/sitemaps/news-1.xml');
    const listed = idsIn(xml, '/news/');
    expect(listed).toContain(made.published);
    expect(listed).not.toContain(made.draft);
    expect(listed).not.toContain(made.scheduled);
  });

  it('lists a scheduled article once its time has come, dated then', async () => {
    const due = await writeArticle(admin.agent, {
      title: 'Due soon',
      status: 'scheduled',
      publishAt: inHours(1),
    });
    expect(idsIn(await get(fresh, '/sitemaps/news-1.xml'), '/news/')).not.toContain(due.id);
    const publishAt = new Date(Date.now() - 60_000);
    await db()
      .update(newsArticles)
      .set({ publishAt, updatedAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(newsArticles.id, due.id));
    const entry = entries(await get(fresh, '/sitemaps/news-1.xml')).find(
      (each) => each.loc === `${origin}/news/${due.id}`,
    );
    expect(entry?.lastmod).toBe(publishAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });
});

describe('profiles', () => {
  it('lists the profiles a visitor can open, by the name their links use', async () => {
    const xml = await get(fresh, '/sitemaps/profiles-1.xml');
    const listed = locs(xml);
    expect(listed).toContain(`${origin}/u/Writer_One`);
    expect(listed).toContain(`${origin}/u/${admin.user.username ?? ''}`);
    // A blocked member's profile is shown (marked blocked); a deleted one is not found.
    expect(listed).toContain(`${origin}/u/${made.blocked}`);
    expect(listed).not.toContain(`${origin}/u/${made.deleted}`);
    const open = await createAgent(t.app).inject({ url: `/api/profiles/${made.blocked}` });
    expect(open.statusCode).toBe(200);
    const gone = await createAgent(t.app).inject({ url: `/api/profiles/${made.deleted}` });
    expect(gone.statusCode).toBe(404);
    expect(
      listed.every((loc) => /^http:\/\/viewpoint\.test\/u\/[A-Za-z0-9_]+$/.test(loc ?? '')),
    ).toBe(true);
  });
});

describe('pages of a small size', () => {
  it('splits every listing into pages of at most the page size, in id ranges', async () => {
    const index = locs(await get(small, '/sitemap.xml'));
    const whole = idsIn(await get(fresh, '/sitemaps/threads-1.xml'), '/forum/post/');
    const pageCount = Math.ceil(whole.length / 2);
    expect(pageCount).toBeGreaterThan(2);
    const threadPages = index.filter((loc) => loc?.includes('/sitemaps/threads-'));
    expect(threadPages).toEqual(
      Array.from({ length: pageCount }, (_, n) => `${origin}/sitemaps/threads-${n + 1}.xml`),
    );
    const pages: number[][] = [];
    for (let n = 1; n <= pageCount; n += 1) {
      pages.push(idsIn(await get(small, `/sitemaps/threads-${n}.xml`), '/forum/post/'));
    }
    expect(pages.every((page) => page.length >= 1 && page.length <= 2)).toBe(true);
    expect(pages.flat()).toEqual(whole);
    const past = await small.inject({ url: `/sitemaps/threads-${pageCount + 1}.xml` });
    expect(past.statusCode).toBe(404);
    expect(index.filter((loc) => loc?.includes('/sitemaps/profiles-')).length).toBeGreaterThan(1);
  });
});

describe('caching', () => {
  it('keeps a generated page for its time, then reads afresh', async () => {
    const kept = await discoveryApp({ cacheMs: 60_000 });
    try {
      const first = await get(kept, '/sitemaps/threads-1.xml');
      const added = await insertPost(t, {
        authorId: writer.user.id,
        categoryId: await categoryId(t, 'off-topic'),
      });
      expect(await get(kept, '/sitemaps/threads-1.xml')).toBe(first);
      expect(idsIn(await get(fresh, '/sitemaps/threads-1.xml'), '/forum/post/')).toContain(added);
      const res = await kept.inject({ url: '/sitemaps/threads-1.xml' });
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    } finally {
      await kept.close();
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/sitemaps/threads-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe('');
  });
});

describe('bad addresses', () => {
  it.each([
    '/sitemaps/threads-0.xml',
    '/sitemaps/threads-abc.xml',
    '/sitemaps/threads-99999.xml',
    '/sitemaps/threads--1.xml',
    '/sitemaps/threads-01.xml',
    '/sitemaps/threads-1',
    '/sitemaps/threads-1.xml.gz',
    '/sitemaps/threads-99999999999999999999.xml',
    '/sitemaps/comments-1.xml',
    '/sitemaps/pages-1.xml',
    '/sitemaps/sitemap.xml',
    '/sitemaps/%2e%2e%2fsitemap.xml',
  ])('answers %s with not-found in the error shape', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'Sitemap not found' } });
  });

  it.each(['/sitemap.xml?page=2', '/sitemaps/threads-1.xml?x=1', '/robots.txt?v=1'])(
    'refuses the query string of %s in the error shape',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    },
  );
});

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /moderator',
        'Disallow: /user-profile',
        'Disallow: /auth/',
        'Disallow: /add-new',
        'Disallow: /forum/post/edit/',
        'Disallow: /api/',
        'Disallow: /donate/success',
        'Disallow: /donate/checkout/',
        'Disallow: /donate/stop',
        'Disallow: /search',
        'Disallow: /notifications',
        'Disallow: /unsubscribe',
        '',
        'Sitemap: http://viewpoint.test/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
