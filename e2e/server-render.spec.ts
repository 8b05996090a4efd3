import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from './support/accounts';
import { checkA11y } from './support/axe';
import { useBrowser } from './support/browser';
import {
  benchSizedFilm,
  benchSizedThread,
  longThread,
  seedFilm,
  seedLongThread,
  seedThread,
} from './support/forum-seed';
import { repoRoot } from './support/server';

/*
 * Public pages as a crawler, a link preview and a visitor's browser get them: the content in
 * the first response, hydrated without fetching it again, compressed, with only the code the
 * page needs.
 */
const server = useOwnServer({}, async (dataDir) => {
  await seedLongThread(dataDir);
  await seedThread(dataDir, benchSizedThread);
  await seedFilm(dataDir, benchSizedFilm);
});
const browser = useBrowser({ baseURL: () => server.baseURL });

/** A seeded thread's address, found the way a visitor would: through the forum list. */
async function threadPath(title = longThread.title): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/forum/posts?sort=latest`);
  const { items } = (await response.json()) as { items: { id: number; title: string }[] };
  const thread = items.find((item) => item.title === title);
  if (!thread) throw new Error(`the seeded thread '${title}' is not listed`);
  return `/forum/post/${thread.id}`;
}

/** The seeded film's page, found the way a visitor would: through the films index. */
async function filmPath(): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/films?sort=most-reviewed`);
  const { items } = (await response.json()) as { items: { title: string; url: string }[] };
  const film = items.find((item) => item.title === benchSizedFilm.title);
  if (!film) throw new Error(`the seeded film '${benchSizedFilm.title}' is not listed`);
  return film.url;
}

/** The HTML a visitor's browser parses for a page: its bytes once decompressed. */
async function htmlBytes(pathname: string): Promise<number> {
  const response = await fetch(server.baseURL + pathname, { headers: { 'accept-encoding': 'br' } });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('id="vp-ssr"');
  return Buffer.byteLength(html);
}

/** Gzip size of the built file behind an /assets/… address, as a CDN would serve it. */
function gzipBytes(pathname: string): number {
  return gzipSync(readFileSync(path.join(repoRoot, 'dist/web', pathname)), { level: 9 }).length;
}

describe('a thread without JavaScript', () => {
  it('shows its title, body and first replies', async () => {
    // As a crawler that runs no script: what shows is the server's HTML.
    const page = await browser.newPage({ consent: 'accepted', javaScript: false });
    const response = await page.goto(await threadPath());
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: longThread.title }).waitFor();
    await page.getByText('Rank them all.').waitFor();
    await page.getByText('Reply number 50', { exact: true }).waitFor();
    expect(await page.title()).toBe(`${longThread.title} · Viewpoint`);
  });
});

describe('a thread in a browser', () => {
  it('hydrates without fetching the thread again, then works', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
    });
    const pathname = await threadPath();
    await page.goto(pathname);
    await page.waitForLoadState('networkidle');
    expect(apiCalls.filter((call) => call.startsWith('/api/forum/'))).toEqual([]);

    // Hydrated: the next page of replies comes on a press.
    const replies = page.getByRole('list', { name: 'Replies' }).locator(':scope > li');
    expect(await replies.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more replies' }).click();
    await expect.poll(() => replies.count()).toBe(100);
    await checkA11y(page, 'server-rendered thread');
  });

  // Issue 12 aims at 150 KB; React, React Router and zod alone are ~115 KB of it today, so this
  // guards what was reached (205 KB, from 268 KB) until they move off the visitor's path.
  it.each([
    ['thread', () => threadPath()],
    ['film page', filmPath],
  ])(
    'downloads at most 215 KB of JavaScript (gzip) as a visitor on a %s, and no editor or moderation code',
    async (_name, pathOf) => {
      const page = await browser.newPage({ consent: 'accepted' });
      const scripts = new Set<string>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
          scripts.add(url.pathname);
        }
      });
      await page.goto(await pathOf());
      await page.waitForLoadState('networkidle');
      const total = [...scripts].reduce((sum, script) => sum + gzipBytes(script), 0);
      const chunks = [...scripts].map((script) => path.basename(script)).join(', ');
      expect(total, `${scripts.size} scripts: ${chunks}`).toBeLessThanOrEqual(215 * 1024);
      expect(chunks).not.toMatch(
        /markdown-editor|moderation-controls|image-upload|upload-image|use-form|user-menu|film-picker|film-editor/,
      );
    },
  );
});

describe("a page's weight", () => {
  // Issue 32's budgets, on pages like the benchmark's (`npm run bench` prints their weight on
  // its seed): every byte of a page is parsed on a phone before it shows.
  it('is at most 120 KB of HTML for a thread showing 50 replies or a film page of reviews, 80 KB for the home page', async () => {
    const thread = await htmlBytes(await threadPath(benchSizedThread.title));
    expect(thread, 'thread page, 50 replies').toBeLessThanOrEqual(120 * 1024);
    const film = await htmlBytes(await filmPath());
    expect(film, 'film page, its first page of reviews').toBeLessThanOrEqual(120 * 1024);
    expect(await htmlBytes('/'), 'home page').toBeLessThanOrEqual(80 * 1024);
  });
});

describe('as a link preview and a crawler see it', () => {
  it('compresses the page and its main script for a browser that accepts brotli', async () => {
    const pathname = await threadPath();
    const page = await fetch(server.baseURL + pathname, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    const html = await page.text();
    const script = /import\("(\/assets\/index-[^"]+)"\)/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(server.baseURL + script, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('points og:image at a 1200×630 PNG of the thread', async () => {
    const html = await (await fetch(server.baseURL + (await threadPath()))).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/\/og\/forum\/post\/\d+\.png$/);
    const response = await fetch(new URL(new URL(image!).pathname, server.baseURL));
    expect(response.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('lists the thread in the sitemap the robots.txt names', async () => {
    const robots = await (await fetch(`${server.baseURL}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
    const index = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
    const threadsPage = /<loc>[^<]*(\/sitemaps\/threads-1\.xml)<\/loc>/.exec(index)?.[1];
    expect(threadsPage).toBeDefined();
    const threads = await (await fetch(server.baseURL + threadsPage)).text();
    expect(threads).toContain(`${await threadPath()}</loc>`);
  });

  it('answers a missing thread with 404 and the error page', async () => {
    const page = await browser.newPage({
      consent: 'accepted',
      allowConsoleErrors: [/status of 404/],
    });
    const response = await page.goto('/forum/post/99999999');
    expect(response?.status()).toBe(404);
    await page.getByTestId('error-page').waitFor();
    expect(await page.title()).toBe('Page Not Found · Viewpoint');
  });
});
