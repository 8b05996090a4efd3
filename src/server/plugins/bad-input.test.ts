import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '../../shared/errors.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const report = { message: 'Cannot read properties of undefined', path: '/forum', status: 500 };

describe('bad input answers the catalogued error and changes nothing', () => {
  it('accepts a well-formed client error report', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: report });
    expect(res.statusCode).toBe(204);
  });

  it('refuses a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"message": "oops",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid-argument', message: 'The request body is not valid JSON' },
    });
  });

  it('refuses a wrong content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/xml' },
      payload: '<message>oops</message>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toMatch(/content type/i);
  });

  it('refuses an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...report, stack: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'out-of-range',
      message: 'The request body is too large',
    });
  });

  it('refuses a body that breaks the schema, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { ...report, path: 'https://elsewhere.example/' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toContain('body.path');
  });

  it('refuses unknown fields in the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { ...report, admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('admin');
  });

  it('refuses unknown query parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site?debug=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toContain('debug');
  });

  it('answers unknown API paths with not-found in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(isErrorEnvelope(res.json())).toBe(true);
    expect(res.json().error.code).toBe('not-found');
  });

  it.each([
    '/..%2f..%2fpackage.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/assets/../../package.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/favicon.svg/..%2f..%2fdata%2fauth-secret',
  ])('never serves a file outside the build for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('"name": "viewpoint"');
    expect(res.body).not.toContain('root:');
    expect(res.body).not.toContain(t.config.authSecret);
  });

  it('answers unexpected failures as internal without internals', async () => {
    const probe = await createTestApp({
      extend: (app) =>
        app.get('/api/test-explodes', { config: { access: 'public' } }, () => {
          throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:42');
        }),
    });
    try {
      const res = await probe.app.inject({ method: 'GET', url: '/api/test-explodes' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side' },
      });
      expect(res.headers['x-request-id']).toBeTruthy();
    } finally {
      await probe.close();
    }
  });

  it('rate limits client error reports per address', async () => {
    const probe = await createTestApp();
    try {
      // A fresh address per run: with REDIS_URL the counters outlive the process.
      const address = `10.${Array.from(randomBytes(3)).join('.')}`;
      const send = () =>
        probe.app.inject({
          method: 'POST',
          url: '/api/client-errors',
          payload: report,
          remoteAddress: address,
        });
      for (let i = 0; i < 20; i += 1) expect((await send()).statusCode).toBe(204);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('resource-exhausted');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await probe.close();
    }
  });
});
