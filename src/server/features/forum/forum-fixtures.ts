import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Comment, CreatePostBody, PostDetail } from '../../../shared/forum.js';
import type { Role } from '../../../shared/roles.js';
import { categories, comments, posts } from '../../platform/db/schema.js';
import { buildAccount, signIn, type Agent } from '../../test/accounts.js';
import type { UserRow } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { renderMarkdown } from '../../markdown/render.js';

/** Shared set-up of the forum's test files (each file still builds its own test app). */

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

export async function rowCount(t: TestApp, table: PgTable): Promise<number> {
  const [row] = await t.platforms.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** Counts of every forum table, to show a refused request changed nothing. */
export async function forumCounts(t: TestApp, tables: Record<string, PgTable>) {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = await rowCount(t, table);
  return counts;
}
