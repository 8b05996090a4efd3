import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { helmetHeaders } from './security.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends helmet’s headers on API answers and errors alike', async () => {
    for (const url of ['/healthz', '/api/forum/posts', '/api/no-such-thing']) {
      const res = await t.app.inject({ url });
      expect(res.headers, url).toMatchObject({
        'content-security-policy': expect.stringContaining("default-src 'self'"),
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      // The test site is served over http: no HSTS, no upgrade of requests.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure');
    }
  });

  it('works out the same headers helmet would set, HSTS included when asked for', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
      strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    });
    expect(headers['content-security-policy']).toBe("default-src 'self'");
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});
