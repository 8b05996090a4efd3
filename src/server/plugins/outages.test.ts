import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../shared/chat.js';
import { createAgent, testPassword } from '../test/auth-helpers.js';
import { startCuttableProxy, type CuttableProxy } from '../test/cuttable-proxy.js';
import { buildAccount, categoryId, person, writePost, type Person } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * What the server answers while PostgreSQL or Redis is unreachable (decision 040). The machine's
 * services keep running for every other test: each app here reaches its service through a
 * proxy this file cuts and restores. Runs with DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)
 * only; PGlite and the in-process bus live in the server's own process and cannot go away.
 */
const databaseServer = process.env.DATABASE_URL;
const redisServer = process.env.REDIS_URL;

function expectUnavailable(answer: LightMyRequestResponse) {
  expect(answer.statusCode, answer.body).toBe(503);
  const { error } = answer.json<{
    error: { code: string; message: string; details: { retryAfterSeconds: number } };
  }>();
  expect(error.code).toBe('unavailable');
  expect(error.message).not.toMatch(/ECONN|select|postgres|redis|terminated/i);
  expect(error.details.retryAfterSeconds).toBeGreaterThan(0);
  expect(answer.headers['retry-after']).toBe(String(error.details.retryAfterSeconds));
}

/** The service back first, so the app closes as it would; then the app, then the proxy. */
async function closeAfterOutage(proxy: CuttableProxy, t: TestApp) {
  await proxy.restore();
  await t.close();
  await proxy.close();
}

const threadBody = (title: string) => ({ title, body: 'Written during an outage drill.' });

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle reports a failed query: its own error, the driver's as the cause. */
const failedQuery = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('errors that mean a service is out of reach', () => {
  let t: TestApp;
  let throwing: Error = new Error('unset');
  beforeAll(async () => {
    t = await createTestApp({
      serveWeb: false,
      extend: (app) =>
        app.get('/api/test-outage', { config: { access: 'public' } }, () => {
          throw throwing;
        }),
    });
  });
  afterAll(() => t.close());

  it.each([
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection lost mid-query', failedQuery(new Error('Connection terminated unexpectedly'))],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a connection exception (08006)', failedQuery(coded('connection failure', '08006'))],
    ['an administrator shutdown (57P01)', failedQuery(coded('terminating connection', '57P01'))],
    ['a database starting up (57P03)', coded('the database system is starting up', '57P03')],
    ['too many connections (53300)', coded('sorry, too many clients already', '53300')],
    [
      'Redis gone',
      Object.assign(new Error('Reached the max retries'), { name: 'MaxRetriesPerRequestError' }),
    ],
    [
      'Redis not connected',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
  ])('answers %s with 503 and when to retry', async (_, error) => {
    throwing = error;
    expectUnavailable(await t.app.inject({ url: '/api/test-outage' }));
  });

  it.each([
    ['a unique violation', failedQuery(coded('duplicate key value', '23505'))],
    ['a missing table', coded('relation "x" does not exist', '42P01')],
    ['a plain bug', new Error('Cannot read properties of undefined')],
  ])('still answers %s as internal', async (_, error) => {
    throwing = error;
    const answer = await t.app.inject({ url: '/api/test-outage' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().error.code).toBe('internal');
    expect(answer.headers['retry-after']).toBeUndefined();
  });
});

describe.runIf(databaseServer)('with PostgreSQL out of reach', () => {
  let proxy: CuttableProxy;
  let t: TestApp;
  let member: Person;
  let discussions: number;
  beforeAll(async () => {
    proxy = await startCuttableProxy(databaseServer ?? '');
    t = await createTestApp({ serveWeb: false, databaseThrough: (url) => proxy.through(url) });
    member = await person(t);
    discussions = await categoryId(t, 'discussions');
  });
  afterAll(() => closeAfterOutage(proxy, t));

  it('answers writes, reads and sign-ins 503 with when to retry, and works again once it is back', async () => {
    const owner = await buildAccount(t.platforms.database.db);
    await proxy.cut();
    try {
      expectUnavailable(
        await member.agent.inject({
          method: 'POST',
          url: '/api/forum/posts',
          payload: { ...threadBody('Lost to the outage'), categoryId: discussions },
        }),
      );
      expectUnavailable(await createAgent(t.app).inject({ url: '/api/profiles/someone' }));
      expectUnavailable(
        await createAgent(t.app).inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: owner.email, password: testPassword },
        }),
      );
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().platforms.database.ok).toBe(false);
    } finally {
      await proxy.restore();
    }
    const after = await member.agent.inject({
      method: 'POST',
      url: '/api/forum/posts',
      payload: { ...threadBody('Written once it was back'), categoryId: discussions },
    });
    expect(after.statusCode, after.body).toBe(201);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe.runIf(redisServer)('with Redis out of reach', () => {
  let proxy: CuttableProxy;
  let t: TestApp;
  let member: Person;
  let admin: Person;
  let general: ChatRoom;
  beforeAll(async () => {
    proxy = await startCuttableProxy(redisServer ?? '');
    t = await createTestApp({
      serveWeb: false,
      env: { REDIS_URL: proxy.through(redisServer ?? '') },
    });
    member = await person(t);
    admin = await person(t, 'admin');
    const rooms = await member.agent.inject({ url: '/api/chat/rooms' });
    const found = rooms.json<{ items: ChatRoom[] }>().items.find((room) => room.isGeneral);
    if (!found) throw new Error('no General room');
    general = found;
  });
  afterAll(() => closeAfterOutage(proxy, t));

  it('keeps limited writes, sign-ins and reads working on counters kept in the process', async () => {
    const thread = await writePost(t, member.agent);
    await proxy.cut();
    try {
      const reply = await member.agent.inject({
        method: 'POST',
        url: `/api/forum/posts/${thread.id}/comments`,
        payload: { body: 'Still here while Redis is away.' },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      const message = await member.agent.inject({
        method: 'POST',
        url: `/api/chat/rooms/${general.id}/messages`,
        payload: { body: 'Chat goes on.', nonce: randomUUID().replaceAll('-', '') },
      });
      expect(message.statusCode, message.body).toBe(201);
      // Told to every process over the bus: the change is kept, the telling is let go.
      const site = await admin.agent.inject({
        method: 'PUT',
        url: '/api/admin/site',
        payload: { name: 'Viewpoint', description: 'A site that outlives its Redis.' },
      });
      expect(site.statusCode, site.body).toBe(200);
      const read = await createAgent(t.app).inject({ url: `/api/forum/posts/${thread.id}` });
      expect(read.statusCode, read.body).toBe(200);

      const owner = await buildAccount(t.platforms.database.db);
      const browser = createAgent(t.app);
      const signedIn = await browser.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: owner.email, password: testPassword },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const out = await browser.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
      expect(out.statusCode, out.body).toBe(204);

      // The limits still hold, counted here until Redis is back.
      const guess = () =>
        createAgent(t.app).inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: owner.email, password: 'wrong-password-x' },
          remoteAddress: '10.60.0.1',
        });
      for (let n = 0; n < 5; n += 1) expect((await guess()).statusCode).toBe(401);
      expect((await guess()).statusCode).toBe(429);

      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().platforms.bus.ok).toBe(false);
    } finally {
      await proxy.restore();
    }
    // Back: the connection is made again by itself, and the site is ready.
    const redis = t.platforms.bus.redis;
    if (redis && redis.status !== 'ready') await once(redis, 'ready');
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const later = await member.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${thread.id}/comments`,
      payload: { body: 'And still here once it is back.' },
    });
    expect(later.statusCode, later.body).toBe(201);
  });
});
