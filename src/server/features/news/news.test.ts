import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsArticle, NewsSummary } from '../../../shared/news.js';
import type { Role } from '../../../shared/roles.js';
import { auditLog, newsArticles } from '../../schema.js';
import { createAgent, signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  type UserRow,
  buildAccount,
  articleBody,
  inHours,
  insertUpload,
  writeArticle,
} from '../../test/factories.js';

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let reader: Agent;
const db = () => t.platforms.database.db;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  adminUser = await buildAccount(db(), { role: 'admin' });
  admin = await signIn(t.app, adminUser);
  reader = createAgent(t.app);
});
afterAll(() => t.close());

const create = (agent: Agent, payload: object) =>
  agent.inject({ method: 'POST', url: '/api/news', payload });
const patch = (id: number, payload: object) =>
  admin.inject({ method: 'PATCH', url: `/api/news/${id}`, payload });
const readAs = (agent: Agent, id: number) => agent.inject({ url: `/api/news/${id}` });
const countArticles = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::integer` })
      .from(newsArticles)
  )[0]?.n;

async function publicList(
  query = '',
): Promise<{ items: NewsSummary[]; nextCursor: string | null }> {
  const res = await reader.inject({ url: `/api/news${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('writing an article', () => {
  it('renders the Markdown once, stores the cover as an upload and records the audit entry', async () => {
    const upload = await insertUpload(t, adminUser.id);
    const article = await writeArticle(admin, {
      cover: { url: `/media/${upload}.webp`, alt: 'A full cinema' },
      featured: true,
    });
    expect(article).toMatchObject({
      title: 'Festival season opens',
      bodyHtml: '<p>A long look at the <em>programme</em>.</p>\n',
      bodySource: 'A long look at the *programme*.',
      status: 'published',
      featured: true,
      cover: {
        url: `/media/${upload}.webp`,
        thumbnailUrl: `/media/${upload}.thumb.webp`,
        alt: 'A full cinema',
      },
      author: { id: adminUser.id },
      commentCount: 0,
    });
    expect(Date.parse(article.publishAt ?? '')).toBeLessThanOrEqual(Date.now());
    const [stored] = await db().select().from(newsArticles).where(eq(newsArticles.id, article.id));
    expect(stored?.coverUploadId).toBe(upload);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'news.create' and ${auditLog.targetId} = ${String(article.id)}`,
      );
    expect(entries).toMatchObject([
      { after: { title: 'Festival season opens', status: 'published' } },
    ]);
  });

  it('refuses a javascript: cover, another site’s image and a missing upload, changing nothing', async () => {
    const before = await countArticles();
    const upload = await insertUpload(t, adminUser.id);
    for (const url of [
      'javascript:alert(1)',
      `https://elsewhere.example/media/${upload}.webp`,
      `//elsewhere.example/media/${upload}.webp`,
      '/media/aaaaaaaaaaaaaaaaaaaaaaaa.webp',
    ]) {
      const res = await create(admin, articleBody({ cover: { url, alt: 'Cover' } }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid-argument',
        message: expect.stringMatching(/cover/i),
      });
    }
    const noAlt = await create(
      admin,
      articleBody({ cover: { url: `/media/${upload}.webp`, alt: '' } }),
    );
    expect(noAlt.statusCode).toBe(400);
    expect(await countArticles()).toBe(before);
  });

  it('refuses a scheduled article without a future publish time', async () => {
    const before = await countArticles();
    for (const publishAt of [inHours(-1), null]) {
      const res = await create(admin, articleBody({ status: 'scheduled', publishAt }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    const past = await create(admin, articleBody({ status: 'scheduled', publishAt: inHours(-1) }));
    expect(past.json().error.message).toMatch(/publish time in the future/);
    const future = await create(admin, articleBody({ status: 'published', publishAt: inHours(2) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toMatch(/Scheduled/);
    expect(await countArticles()).toBe(before);
  });

  it('checks the fields and refuses unknown ones', async () => {
    const before = await countArticles();
    for (const payload of [
      articleBody({ title: 'Hi' }),
      articleBody({ summary: 's'.repeat(301) }),
      { ...articleBody(), status: 'live' },
      { ...articleBody(), views: 10 },
    ]) {
      const res = await create(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect(await countArticles()).toBe(before);
  });

  it('is refused to everyone but admins', async () => {
    const article = await writeArticle(admin, { status: 'draft' });
    for (const role of ['user', 'moderator', 'experienced_moderator'] as Role[]) {
      const agent = await signIn(t.app, await buildAccount(db(), { role }));
      const attempts = [
        await create(agent, articleBody()),
        await agent.inject({
          method: 'PATCH',
          url: `/api/news/${article.id}`,
          payload: { title: 'Taken over' },
        }),
        await agent.inject({ method: 'DELETE', url: `/api/news/${article.id}` }),
        await agent.inject({ url: '/api/admin/news' }),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('permission-denied');
      }
      expect((await readAs(agent, article.id)).statusCode).toBe(404);
    }
    expect((await create(reader, articleBody())).statusCode).toBe(401);
    expect((await readAs(admin, article.id)).json().article.title).toBe('Festival season opens');
  });
});

describe('who sees what, and when', () => {
  it('hides drafts and future scheduled articles from everyone but admins', async () => {
    const draft = await writeArticle(admin, { title: 'A draft in progress', status: 'draft' });
    const later = await writeArticle(admin, {
      title: 'Coming tomorrow',
      status: 'scheduled',
      publishAt: inHours(24),
    });
    expect(draft.publishAt).toBeNull();
    expect(later.status).toBe('scheduled');
    for (const article of [draft, later]) {
      const res = await readAs(reader, article.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not-found');
      expect((await readAs(admin, article.id)).statusCode).toBe(200);
    }
    const ids = (await publicList('?limit=50')).items.map((item) => item.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(later.id);
    const all = (await admin.inject({ url: '/api/admin/news?limit=50' })).json<{
      items: NewsSummary[];
    }>();
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([draft.id, later.id]));
  });

  it('shows a scheduled article by itself once its time has passed', async () => {
    const article = await writeArticle(admin, {
      title: 'Scheduled premiere',
      status: 'scheduled',
      publishAt: inHours(1),
    });
    expect((await readAs(reader, article.id)).statusCode).toBe(404);
    await db()
      .update(newsArticles)
      .set({ publishAt: new Date(Date.now() - 60_000) })
      .where(eq(newsArticles.id, article.id));
    const res = await readAs(reader, article.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().article).toMatchObject({ title: 'Scheduled premiere', status: 'published' });
    expect((await publicList('?limit=50')).items.map((item) => item.id)).toContain(article.id);
  });

  it('unpublishes with status draft and publishes again with a fresh time', async () => {
    const article = await writeArticle(admin, { title: 'Back and forth' });
    const unpublished = await patch(article.id, { status: 'draft' });
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json().article).toMatchObject({ status: 'draft', publishAt: null });
    expect((await readAs(reader, article.id)).statusCode).toBe(404);
    const again = await patch(article.id, { status: 'published' });
    expect(again.json().article.status).toBe('published');
    expect((await readAs(reader, article.id)).statusCode).toBe(200);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'news.update' and ${auditLog.targetId} = ${String(article.id)}`,
      )
      .orderBy(auditLog.id);
    expect(
      entries.map((entry) => [
        (entry.before as { status: string }).status,
        (entry.after as { status: string }).status,
      ]),
    ).toEqual([
      ['published', 'draft'],
      ['draft', 'published'],
    ]);
  });

  it('refuses an edit to a past scheduled time and changes nothing', async () => {
    const article = await writeArticle(admin, { status: 'scheduled', publishAt: inHours(5) });
    const res = await patch(article.id, { publishAt: inHours(-2) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/future/);
    const [stored] = await db().select().from(newsArticles).where(eq(newsArticles.id, article.id));
    expect(stored?.publishAt?.toISOString()).toBe(article.publishAt);
    expect((await patch(article.id, { title: 'Renamed while waiting' })).statusCode).toBe(200);
  });

  it('lists featured articles first, then newest, in cursor pages', async () => {
    await db().delete(newsArticles);
    const times = [5, 4, 3, 2, 1].map((hours) => inHours(-hours));
    const made: NewsArticle[] = [];
    for (const [n, publishAt] of times.entries()) {
      made.push(
        await writeArticle(admin, { title: `Article number ${n}`, publishAt, featured: n === 0 }),
      );
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: NewsSummary[]; nextCursor: string | null } = await publicList(
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    const [featured, ...rest] = made;
    expect(seen).toEqual([featured?.id, ...rest.reverse().map((article) => article.id)]);
    expect((await reader.inject({ url: '/api/news?cursor=nonsense' })).statusCode).toBe(400);
    expect((await reader.inject({ url: '/api/news?limit=51' })).statusCode).toBe(400);
  });

  it('deletes an article for good and answers not-found after', async () => {
    const article = await writeArticle(admin, { title: 'Short-lived news' });
    const res = await admin.inject({ method: 'DELETE', url: `/api/news/${article.id}` });
    expect(res.statusCode).toBe(204);
    expect((await readAs(admin, article.id)).statusCode).toBe(404);
    const missing = await admin.inject({ method: 'DELETE', url: `/api/news/${article.id}` });
    expect(missing.statusCode).toBe(404);
    expect((await patch(article.id, { title: 'Ghost edit' })).statusCode).toBe(404);
  });
});
