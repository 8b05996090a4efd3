import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '../src/shared/errors';
import { checkA11y } from './support/axe';
import { expectNoConsoleErrors, useBrowser } from './support/browser';

const browser = useBrowser();
const { baseURL } = browser;

/** Chromium logs the failed load of any 404 resource, the document included. */
const documentLoad404 = /Failed to load resource: the server responded with a status of 404/;

/** A raw request: node:http sends the path exactly as written, with no URL normalisation. */
function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseURL}/`, { path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

describe('not found', () => {
  it('an unknown page answers 404 and shows Page Not Found with the path', async () => {
    const page = await browser.newPage({
      consent: 'accepted',
      allowConsoleErrors: [documentLoad404],
    });
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);

    const errorPage = page.getByTestId('error-page');
    await errorPage.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    expect(await errorPage.textContent()).toContain('404');
    expect(await errorPage.getByText('The page /nope could not be found.').isVisible()).toBe(true);
    expect(await page.title()).toContain('Page Not Found');
    await checkA11y(page, '/nope');

    await errorPage.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(`${baseURL}/`);
    // The error page stays until the home page's lazy module has loaded; wait for the swap.
    await page.getByTestId('error-page').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: /./ }).waitFor();
    expect(await page.title()).toBe('Home · Viewpoint');
    expectNoConsoleErrors(page);
  });

  it.each(['/forum/post/99999999', '/news/99999999'])(
    'a missing thread or article (%s) answers 404 with the not-found page, titled so once the app runs',
    async (path) => {
      const page = await browser.newPage({
        consent: 'accepted',
        allowConsoleErrors: [documentLoad404],
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const errorPage = page.getByTestId('error-page');
      await errorPage.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
      expect(await errorPage.getByText(`The page ${path} could not be found.`).isVisible()).toBe(
        true,
      );
      // The app is running (goto waits for it) and keeps the server's title.
      expect(await page.title()).toBe('Page Not Found · Viewpoint');
      expectNoConsoleErrors(page);
    },
  );

  it.each(['/u/%00', `/u/${'a'.repeat(300)}`])(
    'a profile address no member can have answers 404: %s',
    async (path) => {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      expect(body).toContain('<title>Page Not Found · Viewpoint</title>');
      expect(body).toContain('data-testid="error-page"');
    },
  );

  it('the not-found page is light: its stylesheet is a link, as on every page', async () => {
    const { status, body } = await get('/nope');
    expect(status).toBe(404);
    expect(body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[\w.-]+\.css">/);
    // It weighed 191 KB with the stylesheet inline; the rest (markup, the cookie banner, the
    // minified inline scripts) is ~23 KB.
    expect(Buffer.byteLength(body)).toBeLessThan(25_000);
  });

  it('an unknown API path answers 404 with the error envelope', async () => {
    const { status, type, body } = await get('/api/nope');
    expect(status).toBe(404);
    expect(type).toMatch(/^application\/json/);
    const json = parseJson(body);
    expect(isErrorEnvelope(json), body).toBe(true);
    expect(json).toMatchObject({ error: { code: 'not-found' } });
  });

  it.each([
    '/..%2f..%2fetc%2fpasswd',
    '/..%2f..%2fpackage.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/../../package.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/images/..%2f..%2fsrc%2fserver%2fmain.ts',
    '/api/..%2f..%2fpackage.json',
  ])('never serves files outside the build: %s', async (path) => {
    const { status, type, body } = await get(path);
    expect([400, 404]).toContain(status);
    expect(body).not.toMatch(/root:.*:0:0:/);
    expect(body).not.toContain('"devDependencies"');
    expect(body).not.toContain('loadConfig');
    if (type.startsWith('application/json')) {
      expect(isErrorEnvelope(parseJson(body)), body).toBe(true);
    } else {
      // Not an API path: the app's own 404 page.
      expect(status).toBe(404);
      expect(type).toMatch(/^text\/html/);
      expect(body).toContain('<title>Page Not Found · Viewpoint</title>');
    }
  });
});
