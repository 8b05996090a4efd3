import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialsOf } from '../../shared/initials.js';
import * as entryServer from '../../web/entry-server.js';
import { posts } from '../schema.js';
import { categoryId, person, writeArticle, writePost, writeReply } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/*
 * The first response of public pages, drawn by the web app's own server entry, as a crawler or
 * a link preview sees it: no JavaScript runs here.
 */

let t: TestApp;
/** How many passes each page drawn here took, by its address. */
const passes = new Map<string, number>();
beforeAll(async () => {
  t = await createTestApp({
    // Every request drawn, so each can be counted: visitors' kept pages are page-cache.test.ts's.
    env: { PAGE_CACHE_MS: '0' },
    pageRenderer: {
      ...entryServer,
      async render(options) {
        const outcome = await entryServer.render(options);
        if (outcome.kind === 'page') passes.set(options.url, outcome.passes);
        return outcome;
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const hostileTitle = `"Heat" & <script>alert(1)</script> 🎬 עברית`;

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  const jsonLd = [
    ...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);
  const state = /<script type="application\/json" id="vp-ssr">([\s\S]*?)<\/script>/.exec(res.body);
  return { res, body: res.body, jsonLd, state: state ? (JSON.parse(state[1]!) as unknown) : null };
}

describe('a thread, as a crawler reads it', () => {
  let threadId: number;
  let reviewId: number;

  beforeAll(async () => {
    const author = await person(t, 'user', { name: 'Ana Reel' });
    const thread = await writePost(t, author.agent, {
      title: hostileTitle,
      body: 'The **bank** scene is the best shoot-out ever filmed.',
    });
    threadId = thread.id;
    const reader = await person(t);
    await writeReply(reader.agent, thread.id, { body: 'The diner scene, though.' });
    const critic = await person(t);
    const review = await writePost(t, critic.agent, {
      title: 'Heat holds up',
      body: 'Still great.',
      categoryId: await categoryId(t, 'reviews'),
      filmTitle: 'Heat',
      rating: 9,
    });
    reviewId = review.id;
  });

  it('holds the title, author, body and first replies in the HTML', async () => {
    const { res, body } = await page(`/forum/post/${threadId}`);
    expect(res.statusCode).toBe(200);
    expect(body).toContain('&quot;Heat&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt; 🎬 עברית');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('Ana Reel');
    expect(body).toContain('<strong>bank</strong> scene');
    expect(body).toContain('The diner scene, though.');
  });

  it("draws a member's initials as the browser does, never half of an emoji", async () => {
    const name = 'Zoë 🎬 Martin';
    const author = await person(t, 'user', { name });
    const thread = await writePost(t, author.agent, { title: 'Initials from whole letters' });
    const { body } = await page(`/forum/post/${thread.id}`);
    const drawn = [...body.matchAll(/data-hue="\w+"[^>]*><span[^>]*>([^<]*)</g)].map(
      (match) => match[1],
    );
    // The browser hydrates with the same shared function, so the two texts meet.
    expect(drawn).toContain(initialsOf(name));
    expect(initialsOf(name)).toBe('ZM');
    expect(body).not.toContain('\uFFFD');
  });

  it('writes its own head: title, description, canonical without the query, social image', async () => {
    const { body } = await page(`/forum/post/${threadId}?utm_source=feed&x=<y>`);
    expect(body).toContain(
      '<title>&#34;Heat&#34; &#38; &#60;script&#62;alert(1)&#60;/script&#62; 🎬 עברית · Viewpoint</title>',
    );
    expect(body).toContain(
      '<meta name="description" content="The bank scene is the best shoot-out ever filmed." />',
    );
    expect(body).toContain(
      `<link rel="canonical" href="http://viewpoint.test/forum/post/${threadId}" />`,
    );
    expect(body).toContain(
      `<meta property="og:image" content="http://viewpoint.test/og/forum/post/${threadId}.png" />`,
    );
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(body).toContain('<meta property="og:type" content="article" />');
    expect(body).not.toContain('name="robots"');
  });

  it('describes a thread as DiscussionForumPosting, and a review with its rating', async () => {
    const thread = await page(`/forum/post/${threadId}`);
    expect(thread.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'DiscussionForumPosting',
        headline: hostileTitle,
        url: `http://viewpoint.test/forum/post/${threadId}`,
        author: expect.objectContaining({ '@type': 'Person', name: 'Ana Reel' }),
      }),
    ]);
    const review = await page(`/forum/post/${reviewId}`);
    expect(review.jsonLd[1]).toMatchObject({
      '@type': 'Review',
      itemReviewed: { '@type': 'Movie', name: 'Heat' },
      reviewRating: { '@type': 'Rating', ratingValue: 9, bestRating: 10, worstRating: 1 },
    });
  });

  it('hands the browser every query it drew, so hydration fetches nothing again', async () => {
    const { state } = await page(`/forum/post/${threadId}`);
    const keys = (state as { queries: { queries: { queryKey: unknown[] }[] } }).queries.queries.map(
      (query) => JSON.stringify(query.queryKey),
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        '["site"]',
        '["session"]',
        `["forum","post",${threadId}]`,
        `["forum","post",${threadId},"comments"]`,
      ]),
    );
  });

  it('answers 410 for a deleted thread and 404 for a missing one or a bad id', async () => {
    const author = await person(t);
    const doomed = await writePost(t, author.agent, { title: 'Soon gone' });
    await t.platforms.database.db
      .update(posts)
      .set({ deletedAt: new Date() })
      .where(eq(posts.id, doomed.id));
    const gone = await page(`/forum/post/${doomed.id}`);
    expect(gone.res.statusCode).toBe(410);
    expect(gone.body).toContain('<meta name="robots" content="noindex" />');
    expect(gone.jsonLd).toEqual([]);

    for (const url of ['/forum/post/99999999', '/forum/post/abc', '/forum/post/1e3']) {
      const missing = await page(url);
      expect(missing.res.statusCode, url).toBe(404);
      expect(missing.body).toContain('<title>Page Not Found · Viewpoint</title>');
      expect(missing.body).toContain('data-testid="error-page"');
      expect(missing.body).toContain(`The page ${url} could not be found.`);
      expect(missing.body).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

describe('other public pages', () => {
  it('draws an article as a NewsArticle, and answers 404 for a missing one', async () => {
    const admin = await person(t, 'admin', { name: 'Margot Editor' });
    const article = await writeArticle(admin.agent, { title: 'Festival <season> opens' });
    const { res, body, jsonLd } = await page(`/news/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(body).toContain('<title>Festival &#60;season&#62; opens · Viewpoint</title>');
    expect(body).toContain('A long look at the <em>programme</em>.');
    expect(jsonLd[0]).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Festival <season> opens',
      author: { name: 'Margot Editor' },
      publisher: { '@type': 'Organization', name: 'Viewpoint' },
    });
    const missing = await page('/news/99999999');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Page Not Found · Viewpoint</title>');
    expect(missing.body).toContain('data-testid="error-page"');
  });

  it('draws a profile as a ProfilePage, and answers 404 for an unknown member', async () => {
    const member = await person(t, 'user', { name: 'Priya Reels' });
    const bio = await member.agent.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { bio: 'Noir & neon.' },
    });
    expect(bio.statusCode).toBe(200);
    const { res, body, jsonLd } = await page(`/u/${member.user.username}`);
    expect(res.statusCode).toBe(200);
    expect(body).toContain(`<title>Priya Reels (@${member.user.username}) · Viewpoint</title>`);
    expect(jsonLd[0]).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', name: 'Priya Reels', description: 'Noir & neon.' },
    });
    expect((await page('/u/nobody-at-all')).res.statusCode).toBe(404);
  });

  it('answers 404 with the not-found page for a name nobody can hold', async () => {
    for (const url of ['/u/%00', `/u/${'a'.repeat(300)}`]) {
      const { res, body } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(body).toContain('<title>Page Not Found · Viewpoint</title>');
      expect(body).toContain('data-testid="error-page"');
    }
  });

  it('describes the site with a search action on the home page', async () => {
    const { res, jsonLd } = await page('/');
    expect(res.statusCode).toBe(200);
    expect(jsonLd[0]).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'http://viewpoint.test/search?q={search_term_string}' },
      },
    });
  });

  it('answers an unknown path with the error page and 404', async () => {
    const { res, body } = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(body).toContain('data-testid="error-page"');
    // Its stylesheet is a link, as on every page (decision 045).
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/style-');
    expect(body).not.toContain('<style>body{margin:0}');
  });

  it('draws the sign-in and sign-up forms for a visitor, kept out of search engines', async () => {
    for (const [url, title, field] of [
      ['/auth/login?redirect=%2Fforum', 'Sign in', 'Password'],
      ['/auth/sign-up', 'Create account', 'Confirm password'],
    ] as const) {
      const { res, body, state } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(state, url).not.toBeNull();
      expect(body).toContain(`<title>${title} · Viewpoint</title>`);
      expect(body).toContain('<meta name="robots" content="noindex" />');
      expect(body).not.toContain('rel="canonical"');
      expect(body).toMatch(new RegExp(`<label[^>]*>${field}`));
    }
  });

  it('sends a signed-in member who asks for the sign-in form on to redirect, or home', async () => {
    const member = await person(t);
    const onwards = await member.agent.inject({
      method: 'GET',
      url: '/auth/login?redirect=%2Fforum%3Fsort%3Dtop',
    });
    expect(onwards.statusCode).toBe(302);
    expect(onwards.headers.location).toBe('/forum?sort=top');
    for (const url of ['/auth/login', '/auth/login?redirect=https%3A%2F%2Fevil.example%2F']) {
      const home = await member.agent.inject({ method: 'GET', url });
      expect(home.statusCode, url).toBe(302);
      expect(home.headers.location, url).toBe('/');
    }
  });

  it('leaves private pages to the browser, kept out of search engines', async () => {
    const { res, body, state } = await page('/admin');
    expect(res.statusCode).toBe(200);
    expect(state).toBeNull();
    expect(body).toContain('<div id="root"></div>');
    expect(body).toContain('<meta name="robots" content="noindex" />');
  });

  it('draws each public page once, for visitors and members, its data fetched first', async () => {
    const admin = await person(t, 'admin', { name: 'One Pass' });
    const article = await writeArticle(admin.agent, { title: 'Drawn in one pass' });
    const thread = await writePost(t, admin.agent, { title: 'A thread drawn in one pass' });
    await writeReply(admin.agent, thread.id, { body: 'A reply drawn in the same pass.' });
    const member = await person(t);
    const username = admin.user.username ?? '';
    for (const url of [
      '/',
      '/forum',
      '/forum?category=reviews&sort=newest',
      '/forum?filter=new',
      `/forum/post/${thread.id}`,
      '/news',
      `/news/${article.id}`,
      `/u/${username}`,
      `/u/${username}?tab=replies`,
      '/donations',
      '/about',
    ]) {
      for (const [reader, agent] of [
        ['visitor', t.app],
        ['member', member.agent],
      ] as const) {
        passes.delete(url);
        const res = await agent.inject({ method: 'GET', url });
        expect(res.statusCode, `${reader} ${url}`).toBe(200);
        expect(passes.get(url), `${reader} ${url}`).toBe(1);
      }
    }
  });

  it('draws the page for the reader who asks: a signed-in member sees their own header', async () => {
    const member = await person(t, 'user', { name: 'Signed In Sam' });
    const res = await member.agent.inject({ method: 'GET', url: '/forum' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('>Sign in<');
    const visitor = await page('/forum');
    expect(visitor.body).toContain('Sign in');
  });

  it('draws pages side by side, each for its own reader, and turns its storage off after', async () => {
    const member = await person(t, 'user', { name: 'Side By Side' });
    const [signedIn, visitor] = await Promise.all([
      member.agent.inject({ method: 'GET', url: '/forum' }),
      page('/forum'),
    ]);
    expect(signedIn.body).not.toContain('>Sign in<');
    expect(visitor.body).toContain('Sign in');
    // An enabled AsyncLocalStorage keeps promise hooks on for every request of the server.
    expect(entryServer.renderStorageEnabled()).toBe(false);
  });

  it('puts the cookie banner, hidden, into the page of a visitor who has not chosen', async () => {
    const banner =
      /<div[^>]*id="vp-cookie-banner"[^>]*>[\s\S]*?We use cookies to improve your experience/;
    const undecided = await page('/about');
    expect(undecided.body).toMatch(banner);
    // After the app's root: hydration never meets it.
    expect(undecided.body.indexOf('id="vp-cookie-banner"')).toBeGreaterThan(
      undecided.body.indexOf('<div id="root">'),
    );
    expect(undecided.body).toContain('data-consent="accepted"');
    const decided = await page('/about', { cookie: 'cookie-consent=rejected' });
    expect(decided.body).not.toContain('vp-cookie-banner');

    // A page the browser draws gets the same copy; the theme is in the linked stylesheet.
    const shell = await page('/admin');
    expect(shell.body).toMatch(banner);
    expect(shell.body).not.toContain('data-mantine-styles');
  });

  it('compresses the page for a browser that accepts brotli', async () => {
    const { res } = await page('/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toContain('accept-encoding');
  });
});
