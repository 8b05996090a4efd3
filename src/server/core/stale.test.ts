import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import {
  anyThreadAndLists,
  areasRead,
  everything,
  isWriteMethod,
  reaches,
  reachesForum,
  registerStales,
} from './stale.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

describe('what a write makes stale', () => {
  it('is declared by every write route of every feature', () => {
    const writes = t.app.registeredRoutes.filter((route) =>
      [route.method].flat().map(String).some(isWriteMethod),
    );
    expect(writes.length).toBeGreaterThan(80);
    const undeclared = writes.filter((route) => route.stales === undefined).map((r) => r.url);
    expect(undeclared).toEqual([]);
  });

  it('refuses to start when a write route declares nothing', async () => {
    const app = Fastify();
    registerStales(app);
    app.get('/api/read', () => ({}));
    await expect(async () => {
      app.post('/api/forgetful', () => ({}));
      await app.ready();
    }).rejects.toThrow('POST /api/forgetful does not declare config.stales');
    await app.close();
  });
});

describe('the areas a write reaches', () => {
  const page = (...urls: string[]) => new Set(urls.map(areasRead));
  const thread = page('/api/site', '/api/forum/posts/7', '/api/forum/posts/7/comments?page=2');
  const profile = page('/api/profiles/ana', '/api/forum/comments?author=ana');

  it('are those of the reads a page was drawn from', () => {
    expect(thread).toEqual(new Set(['site', 'thread:7']));
    expect(profile).toEqual(new Set(['users', 'forum-lists']));
    expect(reaches(['thread:7'], thread)).toBe(true);
    expect(reaches(['thread:8', 'chat'], thread)).toBe(false);
    expect(reaches(['users'], profile)).toBe(true);
    expect(reaches(everything, profile)).toBe(true);
  });

  it("reach every thread from a reply's write, whose thread is not in its address", () => {
    expect(reaches(anyThreadAndLists, thread)).toBe(true);
    expect(reaches(anyThreadAndLists, page('/api/news', '/api/site'))).toBe(false);
    expect(reachesForum(anyThreadAndLists)).toBe(true);
  });
});
