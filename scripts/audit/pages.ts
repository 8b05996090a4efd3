import type { z } from 'zod';
import { filmIndexResponse } from '../../src/shared/films.js';
import { postListResponse } from '../../src/shared/forum.js';
import { newsListResponse } from '../../src/shared/news.js';

/** One public page to audit: its route in the shared route table and the real path. */
export interface AuditPage {
  route: string;
  path: string;
}

/** The audited routes, in the order the table lists them. */
export const auditedRoutes = [
  '/',
  '/forum',
  '/forum/post/:id',
  '/news',
  '/news/:id',
  '/u/:username',
  '/donations',
  '/films',
  '/films/:idSlug',
] as const;

async function getJson<T extends z.ZodType>(baseURL: string, url: string, schema: T) {
  const response = await fetch(new URL(url, baseURL), { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return schema.parse(await response.json());
}

/**
 * Finds real pages of the seeded site through its API, as a visitor's browser would: the
 * most-discussed review (any thread if there is none), its author's profile and the first
 * article of the news list.
 */
export async function discoverPages(baseURL: string): Promise<AuditPage[]> {
  const posts = await getJson(baseURL, '/api/forum/posts?limit=50', postListResponse);
  const byReplies = [...posts.items].sort((a, b) => b.replyCount - a.replyCount);
  const thread = byReplies.find((post) => post.rating !== null) ?? byReplies[0];
  if (!thread) throw new Error('The seeded site has no thread (GET /api/forum/posts is empty)');
  const username = thread.author.username;
  if (username === null) throw new Error(`The author of thread ${thread.id} has no profile`);

  const news = await getJson(baseURL, '/api/news', newsListResponse);
  const article = news.items[0];
  if (!article) throw new Error('The seeded site has no article (GET /api/news is empty)');

  const films = await getJson(baseURL, '/api/films?sort=most-reviewed', filmIndexResponse);
  const film = films.items[0];
  if (!film) throw new Error('The seeded site has no film (GET /api/films is empty)');

  const paths: Record<(typeof auditedRoutes)[number], string> = {
    '/': '/',
    '/forum': '/forum',
    '/forum/post/:id': `/forum/post/${thread.id}`,
    '/news': '/news',
    '/news/:id': `/news/${article.id}`,
    '/u/:username': `/u/${encodeURIComponent(username)}`,
    '/donations': '/donations',
    '/films': '/films',
    '/films/:idSlug': film.url,
  };
  return auditedRoutes.map((route) => ({ route, path: paths[route] }));
}

/** The pages `--pages` names, by route (`/forum/post/:id`) or by path (`/forum/post/12`). */
export function selectPages(pages: AuditPage[], wanted: string[] | undefined): AuditPage[] {
  if (!wanted) return pages;
  const unknown = wanted.filter((name) => !pages.some((p) => p.route === name || p.path === name));
  if (unknown.length > 0) {
    throw new Error(
      `--pages: ${unknown.join(', ')} is not an audited page; choose among ` +
        pages.map((p) => (p.route === p.path ? p.route : `${p.route} (${p.path})`)).join(', '),
    );
  }
  return pages.filter((p) => wanted.includes(p.route) || wanted.includes(p.path));
}
