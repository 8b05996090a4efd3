import { randomBytes } from 'node:crypto';
import type { CreateNewsBody, NewsArticle } from '../../../shared/news.js';
import { uploads } from '../../platform/db/schema.js';
import type { Agent } from '../../test/accounts.js';
import type { TestApp } from '../../test/test-app.js';

/** Shared set-up of the news test files. */

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
