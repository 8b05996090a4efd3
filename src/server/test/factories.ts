import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Comment, CreatePostBody, PostDetail } from '../../shared/forum.js';
import type { ReportBody } from '../../shared/reports.js';
import type { CreateNewsBody, NewsArticle } from '../../shared/news.js';
import type { Role } from '../../shared/roles.js';
import type { Db } from '../platform/db/database.js';
import { accounts, categories, comments, jobs, posts, uploads, users } from '../schema.js';
import { hashPassword } from '../features/accounts/index.js';
import { renderMarkdown } from '../markdown/render.js';
import { signIn, testPassword, type Agent } from './auth-helpers.js';
import type { TestApp } from './test-app.js';

/**
 * The one place the server's tests make what they need: members, threads, replies, reports,
 * uploads and articles. `write…` goes through the API as a member would (limits and all);
 * `insert…` writes straight into the database for bulk set-up.
 */

// Members

export type UserRow = typeof users.$inferSelect;

let sequence = 0;

/** Inserts a user with believable defaults; any field can be overridden. */
export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<UserRow> {
  sequence += 1;
  const handle = `member${sequence}_${randomUUID().slice(0, 6)}`;
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: `Member ${sequence}`,
      email: `${handle}@example.test`,
      username: handle,
      emailVerified: true,
      role: 'user',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

let passwordHash: Promise<string> | undefined;

/** A user who can sign in with testPassword (hash computed once per test file). */
export async function buildAccount(
  db: Db,
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<UserRow> {
  const user = await buildUser(db, overrides);
  passwordHash ??= hashPassword(testPassword);
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: await passwordHash,
  });
  return user;
}

const monthAgo = () => new Date(Date.now() - 30 * 86_400_000);

export interface Person {
  user: UserRow;
  agent: Agent;
}

/**
 * A signed-in person. Accounts are a month old unless `createdAt` says otherwise, so the
 * stricter limits of brand-new accounts only apply where a test asks for them.
 */
export async function person(
  t: TestApp,
  role: Role = 'user',
  overrides: Parameters<typeof buildAccount>[1] = {},
): Promise<Person> {
  const user = await buildAccount(t.platforms.database.db, {
    role,
    createdAt: monthAgo(),
    ...overrides,
  });
  return { user, agent: await signIn(t.app, user) };
}

// Threads and replies

export async function categoryId(t: TestApp, slug: string): Promise<number> {
  const [row] = await t.platforms.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  if (!row) throw new Error(`no category ${slug}`);
  return row.id;
}

export async function writePost(
  t: TestApp,
  agent: Agent,
  overrides: Partial<CreatePostBody> = {},
): Promise<PostDetail> {
  const body: CreatePostBody = {
    title: 'A thread about films',
    body: 'Some thoughts on **films**.',
    categoryId: overrides.categoryId ?? (await categoryId(t, 'discussions')),
    ...overrides,
  };
  const res = await agent.inject({ method: 'POST', url: '/api/forum/posts', payload: body });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json<{ post: PostDetail }>().post;
}

export async function writeReply(
  agent: Agent,
  postId: number,
  payload: { body: string; replyToId?: number | null } = { body: 'I agree.' },
): Promise<Comment> {
  const res = await agent.inject({
    method: 'POST',
    url: `/api/forum/posts/${postId}/comments`,
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`reply failed: ${res.statusCode} ${res.body}`);
  return res.json<{ comment: Comment }>().comment;
}

/** A thread written straight into the database (bulk list tests skip the write limits). */
export async function insertPost(
  t: TestApp,
  values: Partial<typeof posts.$inferInsert> & { authorId: string; categoryId: number },
): Promise<number> {
  const source = values.bodySource ?? 'Inserted for a test.';
  const [row] = await t.platforms.database.db
    .insert(posts)
    .values({
      title: 'Inserted thread',
      bodySource: source,
      bodyHtml: renderMarkdown(source),
      ...values,
    })
    .returning({ id: posts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertComment(
  t: TestApp,
  values: Partial<typeof comments.$inferInsert> & { authorId: string; postId: number },
): Promise<number> {
  const source = values.bodySource ?? 'Inserted reply.';
  const [row] = await t.platforms.database.db
    .insert(comments)
    .values({ bodySource: source, bodyHtml: renderMarkdown(source), ...values })
    .returning({ id: comments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

// Reports and moderation

export async function report(
  agent: Agent,
  target: { postId: number } | { commentId: number },
  body: ReportBody = { category: 'spam', reason: 'Selling things' },
) {
  const url =
    'postId' in target
      ? `/api/forum/posts/${target.postId}/report`
      : `/api/forum/comments/${target.commentId}/report`;
  const res = await agent.inject({ method: 'POST', url, payload: body });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
}

export function moderate(
  agent: Agent,
  target: { postId: number } | { commentId: number },
  body: object,
) {
  const url =
    'postId' in target
      ? `/api/moderation/posts/${target.postId}`
      : `/api/moderation/comments/${target.commentId}`;
  return agent.inject({ method: 'POST', url, payload: body });
}

// Uploads

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----viewpoint${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(`${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function postFiles(agent: Agent, files: FilePart[], purpose = 'post') {
  return agent.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${purpose}`,
    ...multipartBody(files),
  });
}

export const postImage = (agent: Agent, data: Buffer, purpose = 'post', filename = 'photo.jpg') =>
  postFiles(agent, [{ filename, contentType: 'image/jpeg', data }], purpose);

// Articles

export const articleBody = (overrides: Partial<CreateNewsBody> = {}): CreateNewsBody => ({
  title: 'Festival season opens',
  summary: 'The first films of the **season** are in.',
  body: 'A long look at the *programme*.',
  status: 'published',
  ...overrides,
});

export async function writeArticle(
  agent: Agent,
  overrides: Partial<CreateNewsBody> = {},
): Promise<NewsArticle> {
  const res = await agent.inject({
    method: 'POST',
    url: '/api/news',
    payload: articleBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`article failed: ${res.statusCode} ${res.body}`);
  return res.json<{ article: NewsArticle }>().article;
}

/** An upload row as the upload feature leaves it (the image bytes are not needed here). */
export async function insertUpload(t: TestApp, ownerId: string): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await t.platforms.database.db.insert(uploads).values({
    id,
    ownerId,
    purpose: 'post',
    contentType: 'image/webp',
    width: 1200,
    height: 675,
    bytes: 50_000,
  });
  return id;
}

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

// Jobs

/**
 * Waits until every job that is due has run (the app's runner works in the background too):
 * the notifications a write asked for are then stored and their e-mails written.
 */
export async function settleJobs(t: TestApp): Promise<void> {
  const db = t.platforms.database.db;
  for (let round = 0; round < 500; round += 1) {
    await t.app.jobs.runDue();
    const [due] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.runAt} <= now()`);
    if (Number(due?.count ?? 0) === 0) {
      await t.platforms.mailer.idle();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('jobs did not settle');
}
