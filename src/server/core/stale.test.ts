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
  reachesSessions,
  registerStales,
  type Stale,
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

  it('is told to every keeper after a successful write, and never after a read or a refusal', async () => {
    const app = Fastify();
    const stales = registerStales(app);
    const told: Stale[] = [];
    stales.forget((stale) => void told.push(stale));
    app.get('/api/read', () => ({}));
    app.post('/api/nothing', { config: { stales: [] } }, () => ({}));
    app.post('/api/chat', { config: { stales: ['chat'] } }, () => ({}));
    app.post(
      '/api/thread/:id',
      { config: { stales: (request) => [`thread:${(request.params as { id: string }).id}`] } },
      () => ({}),
    );
    app.post('/api/refused', { config: { stales: everything } }, (_request, reply) =>
      reply.status(403).send({}),
    );
    for (const url of ['/api/nothing', '/api/chat', '/api/thread/7', '/api/refused']) {
      await app.inject({ method: 'POST', url });
    }
    await app.inject({ url: '/api/read' });
    expect(told).toEqual([['chat'], ['thread:7']]);
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
    expect(reachesSessions(anyThreadAndLists)).toBe(false);
  });

  it('reach the session checks only when a write names them, or everything', () => {
    expect(reachesSessions(['sessions'])).toBe(true);
    expect(reachesSessions(everything)).toBe(true);
    expect(reachesSessions(['chat', 'users'])).toBe(false);
    expect(reachesForum(['sessions'])).toBe(false);
    expect(reaches(['sessions'], thread)).toBe(false);
  });
});
