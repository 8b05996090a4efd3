import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/auth-helpers.js';
import { person } from '../test/factories.js';
import { databaseDigest } from '../test/state.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A page cursor comes back from the client, so a forged one must answer invalid-argument on
 * every list: never reach the database with text PostgreSQL refuses (U+0000, February 30th,
 * year 0, a time in no format it reads) and answer a server error.
 */

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = (await person(t, 'admin')).agent;
});
afterAll(() => t.close());

const cursorOf = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

const time = '2021-01-01T00:00:00.000000Z';
const february30 = '2021-02-30T00:00:00.000000Z';
const year0 = '0000-01-01T00:00:00.000000Z';
const withNul = 'a\u0000b';
const lone = 'a\uD800b';

const forged: [list: string, url: string, values: unknown[]][] = [
  [
    'threads',
    '/api/forum/posts?sort=latest&cursor=',
    [
      ['latest', false, february30, 1],
      ['latest', false, year0, 1],
      ['latest', false, withNul, 1],
    ],
  ],
  ['replies by author', '/api/forum/comments?author=someone&cursor=', [[february30, 1]]],
  [
    'uploads',
    '/api/uploads?cursor=',
    [
      [february30, 'x'],
      [time, withNul],
      [time, lone],
    ],
  ],
  [
    'members by name',
    '/api/users?sort=name&cursor=',
    [
      { sort: 'name', key: withNul, id: 'x' },
      { sort: 'name', key: 'a', id: lone },
    ],
  ],
  [
    'members by join date',
    '/api/users?sort=newest&cursor=',
    [
      { sort: 'newest', key: '1', id: 'x' },
      { sort: 'newest', key: '2021-02-30T00:00:00.000Z', id: 'x' },
      { sort: 'newest', key: '2021-01-01T00:00:00.000Z', id: withNul },
    ],
  ],
  [
    'the review queue',
    '/api/moderation/reports?cursor=',
    [
      [february30, 1],
      ['1', 1],
    ],
  ],
  [
    'moderator requests',
    '/api/mod-requests?cursor=',
    [
      [february30, 1],
      [year0, 1],
    ],
  ],
  ['news', '/api/news?cursor=', [[true, february30, 1]]],
  ['news for admins', '/api/admin/news?cursor=', [[february30, 1]]],
];

describe('a forged page cursor', () => {
  it.each(forged)('is refused on %s', async (_, url, values) => {
    const before = await databaseDigest(t);
    for (const value of values) {
      const res = await admin.inject({ method: 'GET', url: url + cursorOf(value) });
      expect(res.statusCode, `${JSON.stringify(value)}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'invalid-argument',
          message: 'This page link is not valid any more: start again from the first page',
        },
      });
    }
    expect(await databaseDigest(t)).toEqual(before);
  });

  it('is refused when it is not base64url at all', async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/forum/posts?cursor=a%2Bb%3D' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This page link is not valid any more: start again from the first page',
    );
  });
});
