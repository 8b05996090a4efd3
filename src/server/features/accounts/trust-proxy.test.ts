import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Behind a reverse proxy (TRUST_PROXY set) the client address comes from X-Forwarded-For, so
 * the per-address limits count each client apart instead of putting everyone in the proxy's
 * one bucket. sign-up.test.ts checks the other side: without TRUST_PROXY the header is ignored.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

const signUp = (n: number, forwardedFor: string) =>
  createAgent(t.app).inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: {
      name: `Proxied ${n}`,
      username: `proxied_${n}`,
      email: `proxied${n}@example.test`,
      password: 'violet-harbour-train-88',
    },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('client addresses behind a trusted proxy', () => {
  it('gives every client its own sign-up allowance', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 7; n += 1) codes.push((await signUp(n, `203.0.113.${n + 1}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('still holds one client to 5 sign-ups an hour', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 6; n += 1) codes.push((await signUp(20 + n, '198.51.100.9')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
