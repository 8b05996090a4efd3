import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/axe';
import { expectNoConsoleErrors, useBrowser } from './support/browser';

const browser = useBrowser();
const { baseURL } = browser;

async function viewSource(path: string) {
  const response = await fetch(baseURL + path);
  return { response, html: await response.text() };
}

describe('home page', () => {
  it('renders the site name in the header and one h1', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Viewpoint' }).waitFor();
    expect(await header.getByRole('link', { name: 'Viewpoint' }).getAttribute('href')).toBe('/');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toBe('Home · Viewpoint');

    await checkA11y(page, 'home (light)');
    expectNoConsoleErrors(page);
  });

  it('passes axe in dark mode too, with the cookie banner showing', async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
    await checkA11y(page, 'home (dark, cookie banner)');
    expectNoConsoleErrors(page);
  });

  it('serves a document with language, canonical link and icon in its source', async () => {
    const { response, html } = await viewSource('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/"`);
    expect(html).toMatch(/<link rel="icon"/);
    expect(html).toContain('<title>Home · Viewpoint</title>');
    expect(html).not.toContain('<!--app-head-->');
    // The CSP runs no inline script but the ones it names by hash; the other inline elements
    // hold data only (the server render's state, structured data).
    const csp = response.headers.get('content-security-policy') ?? '';
    const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes = '']) => !/\bsrc=|\btype="application\/(ld\+)?json"/.test(attributes),
    );
    // The colour-scheme, keep-typing and cookie-banner scripts, and the one that starts the
    // app after the first paint.
    expect(inlineScripts).toHaveLength(4);
    for (const [, , body = ''] of inlineScripts) {
      const hash = createHash('sha256').update(body).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+'){4}(;|$)/);
  });

  it('writes a canonical link without the query string', async () => {
    const { response, html } = await viewSource('/about?x=1');
    expect(response.status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/about"`);
    expect(html).not.toContain('x=1');

    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/about?x=1');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const canonical = page.locator('link[rel="canonical"]');
    expect(await canonical.count()).toBe(1);
    expect(await canonical.getAttribute('href')).toBe(`${baseURL}/about`);
    await checkA11y(page, 'about');
    expectNoConsoleErrors(page);
  });

  it('answers the health and readiness probes', async () => {
    const health = await fetch(`${baseURL}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${baseURL}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('serves hashed assets as immutable', async () => {
    const { html } = await viewSource('/');
    // The bootstrap names the app's scripts (the entry it imports, the preloads it adds).
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, 'index.html references a hashed asset under /assets/').toBeDefined();
    const response = await fetch(baseURL + String(asset));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
  });

  it('sends a Content-Security-Policy the page loads under without violations', async () => {
    const { response } = await viewSource('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");

    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const loaded = await page.goto('/');
    expect(loaded?.headers()['content-security-policy']).toBe(csp);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Let the deferred work of the shell (banner, prefetches, version poll set-up) happen too.
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
    expect(violations).toEqual([]);
    expectNoConsoleErrors(page);
  });
});
