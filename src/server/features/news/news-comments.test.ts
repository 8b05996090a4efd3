import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostSummary } from '../../../shared/forum.js';
import type { NewsArticle, NewsSummary } from '../../../shared/news.js';
import { newsArticles as newsArticlesTable, posts } from '../../schema.js';
import { createAgent, signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type UserRow, buildAccount, categoryId, writeArticle } from '../../test/factories.js';

/** An article's comments are the replies of a thread in the archived `news` category. */
let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let member: Agent;
const reader = () => createAgent(t.app);
const db = () => t.platforms.database.db;
const monthAgo = new Date(Date.now() - 30 * 86_400_000);

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  adminUser = await buildAccount(db(), { role: 'admin', createdAt: monthAgo });
  admin = await signIn(t.app, adminUser);
  member = await signIn(t.app, await buildAccount(db(), { createdAt: monthAgo }));
});
afterAll(() => t.close());

const readArticle = async (id: number, agent: Agent = reader()) => {
  const res = await agent.inject({ url: `/api/news/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ article: NewsArticle }>().article;
};
const reply = (agent: Agent, postId: number, body = 'Looking forward to it.') =>
  agent.inject({ method: 'POST', url: `/api/forum/posts/${postId}/comments`, payload: { body } });
const patch = (id: number, payload: object) =>
  admin.inject({ method: 'PATCH', url: `/api/news/${id}`, payload });
async function thread(id: number) {
  const [row] = await db().select().from(posts).where(eq(posts.id, id));
  if (!row) throw new Error(`no thread ${id}`);
  return row;
}
async function newsThreads() {
  return db()
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.categoryId, await categoryId(t, 'news')));
}

describe('an article’s discussion', () => {
  it('opens one thread on the first read, and members reply through the forum', async () => {
    const before = (await newsThreads()).length;
    const article = await writeArticle(admin, { title: 'Awards night recap' });
    const [first, second] = await Promise.all([readArticle(article.id), readArticle(article.id)]);
    expect(first.discussionPostId).toEqual(expect.any(Number));
    expect(second.discussionPostId).toBe(first.discussionPostId);
    expect(await newsThreads()).toHaveLength(before + 1);
    const postId = first.discussionPostId ?? 0;
    const opened = await thread(postId);
    expect(opened).toMatchObject({
      authorId: adminUser.id,
      title: 'Awards night recap',
      bodyHtml: '<p>The first films of the <strong>season</strong> are in.</p>\n',
      hiddenAt: null,
    });

    const res = await reply(member, postId);
    expect(res.statusCode).toBe(201);
    expect((await readArticle(article.id)).commentCount).toBe(1);
    const listed = (await reader().inject({ url: '/api/news' })).json<{ items: NewsSummary[] }>();
    expect(listed.items.find((item) => item.id === article.id)?.commentCount).toBe(1);
    const page = await reader().inject({
      url: `/api/forum/posts/${postId}/comments`,
    });
    expect(page.json().items).toHaveLength(1);
  });

  it('stays out of the forum’s thread lists unless the news category is chosen', async () => {
    const article = await writeArticle(admin, { title: 'Streaming charts this week' });
    const postId = (await readArticle(article.id)).discussionPostId as number;
    const ids = async (query: string) =>
      (await reader().inject({ url: `/api/forum/posts${query}` }))
        .json<{ items: PostSummary[] }>()
        .items.map((item) => item.id);
    for (const sort of ['latest', 'newest', 'top']) {
      expect(await ids(`?sort=${sort}&limit=50`)).not.toContain(postId);
    }
    expect(await ids(`?author=${adminUser.username ?? ''}&limit=50`)).not.toContain(postId);
    expect(await ids('?category=news&limit=50')).toContain(postId);
  });

  it('is hidden while the article is unpublished and shown again when it is back', async () => {
    const article = await writeArticle(admin, { title: 'Retrospective announced' });
    const postId = (await readArticle(article.id)).discussionPostId as number;
    expect((await patch(article.id, { status: 'draft' })).statusCode).toBe(200);
    expect(await thread(postId)).toMatchObject({
      hiddenAt: expect.any(Date),
      hiddenReason: 'Article unpublished',
    });
    expect((await reader().inject({ url: `/api/forum/posts/${postId}` })).statusCode).toBe(404);
    const refused = await reply(member, postId);
    expect(refused.statusCode).toBe(404);
    expect((await thread(postId)).replyCount).toBe(0);

    expect(
      (await patch(article.id, { status: 'published', title: 'Retrospective confirmed' }))
        .statusCode,
    ).toBe(200);
    expect(await thread(postId)).toMatchObject({
      hiddenAt: null,
      hiddenReason: null,
      title: 'Retrospective confirmed',
    });
    expect((await reply(member, postId)).statusCode).toBe(201);
  });

  it('comes back when a rescheduled article goes out again, but a moderator’s hiding stays', async () => {
    const article = await writeArticle(admin, { title: 'Second screening added' });
    const postId = (await readArticle(article.id)).discussionPostId as number;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await patch(article.id, { status: 'scheduled', publishAt: later });
    expect((await thread(postId)).hiddenReason).toBe('Article unpublished');
    await db()
      .update(newsArticlesTable)
      .set({ publishAt: new Date(Date.now() - 1_000) })
      .where(eq(newsArticlesTable.id, article.id));
    await readArticle(article.id);
    expect((await thread(postId)).hiddenAt).toBeNull();

    await db()
      .update(posts)
      .set({ hiddenAt: new Date(), hiddenReason: 'Spam in the replies' })
      .where(eq(posts.id, postId));
    await patch(article.id, { status: 'draft' });
    await patch(article.id, { status: 'published' });
    expect((await thread(postId)).hiddenReason).toBe('Spam in the replies');
  });

  it('is hidden when the article is deleted', async () => {
    const article = await writeArticle(admin, { title: 'Cinema closing down' });
    const postId = (await readArticle(article.id)).discussionPostId as number;
    expect(
      (await admin.inject({ method: 'DELETE', url: `/api/news/${article.id}` })).statusCode,
    ).toBe(204);
    expect((await thread(postId)).hiddenReason).toBe('Article unpublished');
  });

  it('opens no thread for an article that is not public, even when an admin reads it', async () => {
    const article = await writeArticle(admin, { title: 'Draft of an interview', status: 'draft' });
    expect((await readArticle(article.id, admin)).discussionPostId).toBeNull();
  });

  it('takes replies but no new threads in the archived news category', async () => {
    const res = await member.inject({
      method: 'POST',
      url: '/api/forum/posts',
      payload: {
        title: 'My own news thread',
        body: 'Hello',
        categoryId: await categoryId(t, 'news'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/archived/);
  });
});
