import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import {
  buildAccount,
  categoryId,
  insertPost,
  person,
  writePost,
  type Person,
} from '../test/factories.js';
import { signIn } from '../test/auth-helpers.js';
import { createLimiter } from './limiter.js';
import { registerRouteLimits } from './route-limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Sends `request` until the limit answers, and tells after how many it did (null: never). */
async function answeredAfter(
  send: (n: number) => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
  most: number,
) {
  for (let n = 0; n <= most; n += 1) {
    const res = await send(n);
    if (res.statusCode === 429) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      return n;
    }
    expect(res.statusCode, `request ${n}`).toBeLessThan(400);
  }
  return null;
}

describe('every write is rate limited', () => {
  it('declares a limit on every write route', () => {
    const writes = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        [route.method].flat().some((method) => writeMethods.includes(String(method))),
    );
    expect(writes.length).toBeGreaterThan(40);
    const unlimited = writes.filter((route) => !route.limit).map((route) => route.url);
    expect(unlimited).toEqual([]);
  });

  it('refuses to start when a write route declares no limit', async () => {
    const app = Fastify();
    registerRouteLimits(app, { limiter: createLimiter({ redis: undefined, namespace: '' }) });
    await expect(async () => {
      app.post('/api/unlimited', { config: { access: 'public' } }, () => ({}));
      await app.ready();
    }).rejects.toThrow('POST /api/unlimited does not declare config.limit');
    await app.close();
  });

  it('shows each route’s limit in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    expect(doc.paths['/api/forum/posts/{id}/comments']?.post?.description).toContain(
      'Limit (reply): 10 per minute per account (3 per minute for accounts younger than a day), 100 per minute per client address; members with content.moderate are not counted per account.',
    );
    expect(doc.paths['/api/client-errors']?.post?.description).toContain(
      'Limit (client-error): 20 per minute per client address.',
    );
  });

  describe('writes that had no limit before', () => {
    let member: Person;
    let moderator: Person;
    let thread: number;
    beforeAll(async () => {
      member = await person(t);
      moderator = await person(t, 'moderator');
      thread = (await writePost(t, member.agent)).id;
    });

    it('likes: 60 a minute', async () => {
      // Nobody likes their own thread: the member likes the moderator's.
      const theirs = (await writePost(t, moderator.agent)).id;
      const like = () =>
        member.agent.inject({ method: 'PUT', url: `/api/forum/posts/${theirs}/reaction` });
      expect(await answeredAfter(like, 61)).toBe(60);
    });

    it('reports: 20 in ten minutes', async () => {
      const discussions = await categoryId(t, 'discussions');
      const reporter = await person(t);
      const report = async () => {
        const id = await insertPost(t, { authorId: member.user.id, categoryId: discussions });
        return reporter.agent.inject({
          method: 'POST',
          url: `/api/forum/posts/${id}/report`,
          payload: { category: 'spam', reason: 'Selling things' },
        });
      };
      expect(await answeredAfter(report, 21)).toBe(20);
    });

    it('moderation actions: 60 a minute', async () => {
      const discussions = await categoryId(t, 'discussions');
      const target = await insertPost(t, { authorId: member.user.id, categoryId: discussions });
      const act = (n: number) =>
        moderator.agent.inject({
          method: 'POST',
          url: `/api/moderation/posts/${target}`,
          payload: { action: n % 2 === 0 ? 'lock' : 'unlock' },
        });
      expect(await answeredAfter(act, 61)).toBe(60);
    });

    it('thread edits: 20 a minute', async () => {
      const edit = (n: number) =>
        member.agent.inject({
          method: 'PATCH',
          url: `/api/forum/posts/${thread}`,
          payload: { title: `Edited title number ${n}` },
        });
      expect(await answeredAfter(edit, 21)).toBe(20);
    });

    it('profile edits: 20 a minute', async () => {
      const edit = (n: number) =>
        member.agent.inject({
          method: 'PATCH',
          url: '/api/account/profile',
          payload: { bio: `Bio number ${n}` },
        });
      expect(await answeredAfter(edit, 21)).toBe(20);
    });

    it('news: 30 a minute', async () => {
      const admin = await person(t, 'admin');
      const write = (n: number) =>
        admin.agent.inject({
          method: 'POST',
          url: '/api/news',
          payload: { title: `News ${n}`, summary: 'Short', body: 'Long', status: 'draft' },
        });
      expect(await answeredAfter(write, 31)).toBe(30);
    });
  });

  it('counts per client address too: many members from one address', async () => {
    const address = '10.77.0.1';
    const discussions = await categoryId(t, 'discussions');
    const codes: number[] = [];
    for (let n = 0; n < 21; n += 1) {
      const user = await buildAccount(t.platforms.database.db, {
        createdAt: new Date(Date.now() - 30 * 86_400_000),
      });
      const agent = await signIn(t.app, user);
      const res = await agent.inject({
        method: 'POST',
        url: '/api/forum/posts',
        payload: { title: `Thread ${n}`, body: 'Words', categoryId: discussions },
        remoteAddress: address,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((code) => code === 201)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
