import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config.js';
import { siteRoutes } from '../../shared/routes.js';
import {
  createTestApp,
  webFixtureAsset,
  webFixtureStylesheet,
  type TestApp,
} from '../test/test-app.js';
import { inlineScriptHashes, readWebBuild } from './web.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_NAME: 'Reel <Talk>' } });
});
afterAll(async () => {
  await t.close();
});

describe('serving the web app', () => {
  it.each(siteRoutes.map((route) => route.path.replace(/:(\w+)/g, '42')))(
    'answers the page %s with 200 and the app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('writes the title, description and canonical link of the page, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about?utm_source=x' });
    expect(res.body).toContain('<title>About · Reel &#60;Talk&#62;</title>');
    expect(res.body).toContain('<meta name="description" content="What this community is');
    expect(res.body).toContain('<link rel="canonical" href="http://viewpoint.test/about" />');
    expect(res.body).toContain('<html lang="en">');
  });

  it('answers unknown paths with HTTP 404 and the app, titled Page Not Found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page Not Found · Reel &#60;Talk&#62;</title>');
    expect(res.body).toContain('<div id="root">');
  });

  it('links the stylesheet from every page, cached for a year', async () => {
    for (const url of ['/about', '/nope']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain(
        `<link rel="stylesheet" crossorigin href="/assets/${webFixtureStylesheet}">`,
      );
      expect(page.body, url).not.toContain('<style>');
    }
    const stylesheet = await t.app.inject({
      method: 'GET',
      url: `/assets/${webFixtureStylesheet}`,
    });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ method: 'GET', url: `/assets/${webFixtureAsset}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers a missing asset with a JSON 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not-found');
  });

  it('does not serve the raw template or the build manifest as files', async () => {
    const template = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(template.body).not.toContain('<!--app-head-->');
    const manifest = await t.app.inject({ method: 'GET', url: '/build.json' });
    expect(manifest.statusCode).toBe(404);
  });

  it('serves the build id for the new-version notice, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(res.json()).toEqual({ id: 'test-build' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a Content-Security-Policy without inline scripts and the other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('source maps', () => {
  it('builds them hidden: the bundles carry no sourceMappingURL comment', () => {
    expect(viteConfig({ command: 'build', mode: 'production' }).build?.sourcemap).toBe('hidden');
  });

  it('never serves them, in production or not', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const app of [t.app, production.app]) {
        const asset = await app.inject({ method: 'GET', url: `/assets/${webFixtureAsset}` });
        expect(asset.statusCode).toBe(200);
        const map = await app.inject({ method: 'GET', url: `/assets/${webFixtureAsset}.map` });
        expect(map.statusCode).toBe(404);
        expect(map.json().error.code).toBe('not-found');
        expect(map.body).not.toContain('mappings');
      }
    } finally {
      await production.close();
    }
  });
});

describe('the built index.html', () => {
  const script = "document.documentElement.dataset.x = '1';";
  let webRoot: string;
  beforeAll(() => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'style-1a2b.css'), 'body{color:red}');
    writeFileSync(
      path.join(webRoot, 'index.html'),
      `<html><head><!--app-head--><script>${script}</script>` +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/style-1a2b.css">' +
        '</head><body><div id="root"></div></body></html>',
    );
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('links the stylesheet, which a browser then keeps for every later page', () => {
    const { template } = readWebBuild(webRoot);
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/style-1a2b.css">');
    expect(template).not.toContain('<style>');
  });

  it('starts the app after the first paint: an inline script adds the entry', () => {
    const { template } = readWebBuild(webRoot);
    expect(template).not.toContain('<script type="module"');
    expect(template).not.toContain('rel="modulepreload"');
    expect(template).toMatch(/"\/assets\/index-1\.js"[^<]*first-contentful-paint/);
    // Imported, not a script element: the app's download never holds the page's load event.
    expect(template).toContain('import("/assets/index-1.js")');
    expect(template).not.toContain("createElement('script')");
  });

  it('lets the CSP run exactly its inline scripts, by hash', () => {
    const { template } = readWebBuild(webRoot);
    const bodies = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toBe(script);
    expect(inlineScriptHashes(webRoot)).toEqual(
      bodies.map((body) => createHash('sha256').update(body).digest('base64')),
    );
  });
});
