import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, isErrorEnvelope, type ErrorEnvelope } from '../../shared/errors.js';
import { exchangeRaw } from '../test/raw-http.js';
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

/** Checks an answer is the catalogue's envelope with `code`, at the catalogue's status for it. */
function expectEnvelope(
  answer: { status: number; body: string },
  code: ErrorEnvelope['error']['code'],
  message: string,
) {
  expect(answer.status, answer.body).toBe(errorStatus[code]);
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message } });
}

describe('errors raised before a handler answer in the envelope', () => {
  it.each([
    ['an API path', '/api/forum/posts/%E0%A4%A'],
    ['a page path', '/forum/%E0%A4%A'],
    ['a path holding a lone surrogate', '/api/profiles/%ED%A0%80'],
  ])('refuses bad percent-encoding in %s', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expectEnvelope(
      { status: res.statusCode, body: res.body },
      'invalid-argument',
      'The request URL is malformed',
    );
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a path parameter longer than the router takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${'x'.repeat(201)}/history` });
    expectEnvelope(
      { status: res.statusCode, body: res.body },
      'out-of-range',
      'A part of the request path is too long',
    );
  });

  it('refuses an empty JSON body and a Content-Length the body does not match', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectEnvelope(
      { status: empty.statusCode, body: empty.body },
      'invalid-argument',
      'The request body is empty but its content type says JSON',
    );
    const mismatched = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: JSON.stringify(report),
    });
    expectEnvelope(
      { status: mismatched.statusCode, body: mismatched.body },
      'invalid-argument',
      'The Content-Length header does not match the body',
    );
  });

  it('answers a method no route takes with not-found', async () => {
    const res = await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/site' });
    expectEnvelope(
      { status: res.statusCode, body: res.body },
      'not-found',
      'PROPFIND /api/site not found',
    );
  });

  describe('requests the HTTP parser refuses, over a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    const exchange = (request: string) => exchangeRaw(port, request);

    it.each([
      [
        'an unknown method',
        'BREW /api/site HTTP/1.1\r\nHost: x\r\n\r\n',
        'The request method is not known',
      ],
      [
        'a Content-Length that is not a number',
        'POST /api/client-errors HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n',
        'The request is malformed',
      ],
      [
        'both Content-Length and Transfer-Encoding',
        'POST /api/client-errors HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        'The request is malformed',
      ],
      [
        'a header name with a space',
        'GET /api/site HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n',
        'The request is malformed',
      ],
      ['a line that is not HTTP', 'hello\r\n\r\n', 'The request method is not known'],
    ])('refuses %s with invalid-argument', async (_, request, message) => {
      expectEnvelope(await exchange(request), 'invalid-argument', message);
    });

    it('refuses headers larger than the server takes with out-of-range', async () => {
      const request = `GET /api/site HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`;
      expectEnvelope(await exchange(request), 'out-of-range', 'The request headers are too large');
    });

    it('still answers well-formed requests on the same server', async () => {
      const answer = await exchange(
        'GET /api/site HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      expect(answer.status).toBe(200);
    });
  });
});
