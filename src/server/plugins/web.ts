import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSiteRoute, type SiteRoute } from '../../shared/routes.js';
import { AppError } from '../../shared/errors.js';
import { maxParamLength, noQuery } from '../core/http.js';
import { escapeHtml } from '../core/escape-html.js';
import { readConsent } from '../../shared/cookie-consent.js';
import { areasRead } from '../core/stale.js';
import { hasSessionCookie } from '../core/session-cookie.js';
import { CSRF_COOKIE } from '../../shared/csrf.js';
import { pageBytes, threadRead, type CachedPage, type PageCache } from './page-cache.js';

/**
 * The server render of public pages (src/web/entry-server.tsx, built to dist/ssr). Declared
 * here by shape: the server never imports the web app's source.
 */
export interface ApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export interface PageRenderer {
  render(options: {
    url: string;
    origin: string;
    api: (call: ApiCall) => Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: string;
    }>;
  }): Promise<
    | {
        kind: 'page';
        status: number;
        head: string;
        root: string;
        data: string;
        /** How many times the page was drawn to find its data. */
        passes?: number;
      }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'client' }
  >;
  /** The cookie banner, hidden, for a visitor who has not chosen yet. */
  cookieBannerHtml(): string;
}

/** The server render built beside the web app, if there is one. */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | undefined> {
  const entry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

/**
 * Serves the built single-page app. Hashed files under /assets/ are cached for a year
 * (immutable); other public files for an hour. Text files are sent as compressed at build
 * time when the browser accepts brotli or gzip. Every page of the route table answers 200 with
 * index.html, its <head> written for that page; any other path answers 404 with the same app,
 * which then shows 'Page Not Found'. Only files that existed at start are served, so no path
 * can reach outside the build folder; source maps (`*.map`) are never served.
 */
export interface WebOptions {
  webRoot: string;
  siteName: string;
  publicUrl: URL;
  /** Draws public pages on the server; without it every page is drawn in the browser. */
  renderer?: PageRenderer | undefined;
  /** Keeps visitors' public pages once drawn (page-cache.ts); without it each is drawn anew. */
  pageCache?: PageCache | undefined;
  /** Counts a visitor's view of a thread whose kept page was served (no API call did). */
  countView?: ((threadId: number, request: FastifyRequest) => void) | undefined;
  /**
   * A public page's own address when the one asked is not it (a film's address with wrong or
   * missing words, a film merged away), or undefined: answered 301 before anything is drawn.
   */
  canonicalPath?: ((pathname: string) => Promise<string | undefined>) | undefined;
}

const rootElement = '<div id="root"></div>';

export class WebBuildMissingError extends Error {
  override name = 'WebBuildMissingError';
}

export function readWebBuild(webRoot: string) {
  let template: string;
  try {
    template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  } catch {
    throw new WebBuildMissingError(
      `The web app is not built (${webRoot}/index.html missing): run npm run build`,
    );
  }
  if (!template.includes('<!--app-head-->') || !template.includes(rootElement)) {
    throw new WebBuildMissingError(
      `${webRoot}/index.html needs the <!--app-head--> marker and ${rootElement}`,
    );
  }
  let buildId = 'development';
  try {
    buildId = z
      .object({ id: z.string() })
      .parse(JSON.parse(readFileSync(path.join(webRoot, 'build.json'), 'utf8'))).id;
  } catch {
    // A development build has no manifest; the notice then never fires.
  }
  return { template: startAfterFirstPaint(template), buildId };
}

/**
 * The app's code starts after the browser has painted the page: a server-drawn page is readable
 * before any script runs, and on a slow phone evaluating the scripts first would hold the first
 * paint back, and its downloads would share a slow connection with the page. A small inline
 * script (allowed by its hash) adds the entry and its preloads once the page is parsed and its
 * first contentful paint recorded, or 200 ms after the page is parsed where none comes (a tab
 * in the background). The entry is imported (`import()`), not added as a script element,
 * which would hold the page's `load` event until the whole app had arrived: the cookie banner
 * is due 500 ms after load (SPEC §4), scripts or not.
 */
function startAfterFirstPaint(template: string): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(
    template,
  );
  if (!entry?.[1]) return template;
  const preloads = [
    ...template.matchAll(
      /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g,
    ),
  ];
  const modules = [entry[1], ...preloads.map((match) => match[1] ?? '')];
  const bootstrap =
    '(function(){var started=false;function start(){if(started)return;started=true;' +
    // Added to the page at once, not one by one: each insertion costs the browser a pass.
    'var links=document.createDocumentFragment();' +
    `${JSON.stringify(modules.slice(1))}.forEach(function(href){` +
    "var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;" +
    'links.appendChild(l);});document.head.appendChild(links);' +
    `import(${JSON.stringify(modules[0])});}` +
    // A page drawn by the server starts once its first contentful paint is recorded (an
    // observer, not a timer: paused test clocks do not hold it back); the app's bare shell at
    // once. 200 ms after parsing it starts anyway (a tab in the background paints nothing).
    'function afterParse(){' +
    "if(!document.getElementById('vp-ssr')||typeof PerformanceObserver!=='function'){start();return;}" +
    'try{new PerformanceObserver(function(list){' +
    "if(list.getEntriesByName('first-contentful-paint').length)start();" +
    "}).observe({type:'paint',buffered:true});}catch(error){start();return;}" +
    'setTimeout(start,200);}' +
    "if(document.readyState==='loading')" +
    "document.addEventListener('DOMContentLoaded',afterParse);else afterParse();})();";
  let result = template.replace(entry[0], `<script>${bootstrap}</script>`);
  for (const [tag] of preloads) result = result.replace(tag, '');
  return result;
}

/**
 * The SHA-256 (base64) of each inline script the built index.html runs, for the CSP; data
 * blocks (JSON) are not run and need none. No build, no hashes.
 */
export function inlineScriptHashes(webRoot: string): string[] {
  let template: string;
  try {
    template = readWebBuild(webRoot).template;
  } catch {
    return [];
  }
  return [...template.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=|\btype="application\//.test(attributes))
    .map(([, , body = '']) => createHash('sha256').update(body).digest('base64'));
}

export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const { template, buildId } = readWebBuild(options.webRoot);

  /*
   * A visitor who has not chosen gets the cookie banner in the page itself, hidden: the page's
   * script shows it 500 ms after load, before the app's scripts have arrived (SPEC §4).
   */
  const banner = options.renderer?.cookieBannerHtml();
  const bannerFor = (request: FastifyRequest) =>
    banner && readConsent(request.headers.cookie ?? '') === null ? banner : '';
  const origin = options.publicUrl.origin;

  /** The app's shell, drawn in the browser: the route's title, and `noindex` unless public. */
  const shellPage = (request: FastifyRequest, pathname: string, route: SiteRoute | undefined) =>
    template
      .replace(rootElement, () => rootElement + bannerFor(request))
      .replace('<!--app-head-->', () =>
        [
          `<title>${escapeHtml(`${route?.title ?? 'Page Not Found'} · ${options.siteName}`)}</title>`,
          `<meta name="description" content="${escapeHtml(route?.description ?? 'The page you asked for does not exist.')}" />`,
          route?.public
            ? `<link rel="canonical" href="${escapeHtml(origin + pathname)}" />`
            : '<meta name="robots" content="noindex" />',
        ].join('\n    '),
      );

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie, accept-encoding')
      .send(html);

  /** What a render asked the API for: the paths it read, and whether it only read. */
  interface RenderReads {
    urls: string[];
    onlyReads: boolean;
  }

  /**
   * The page's API calls, answered inside the server as the reader: their cookie and address,
   * so access, blocks and view counts see the real reader. A refreshed session cookie is
   * passed on with the page; the CSRF cookie is the page's own (csrf.ts), not the calls'.
   */
  const apiFor =
    (request: FastifyRequest, cookies: string[], reads: RenderReads) => async (call: ApiCall) => {
      if (call.method === 'GET') reads.urls.push(call.url);
      else reads.onlyReads = false;
      const answer = await app.inject({
        method: call.method as 'GET',
        url: call.url,
        remoteAddress: request.ip,
        headers: {
          ...call.headers,
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          host: request.headers.host ?? options.publicUrl.host,
        },
        ...(call.body === undefined ? {} : { payload: call.body }),
      });
      for (const cookie of [answer.headers['set-cookie'] ?? []].flat()) {
        if (!cookie.startsWith(`${CSRF_COOKIE}=`)) cookies.push(cookie);
      }
      const headers = Object.fromEntries(
        Object.entries(answer.headers).map(([name, value]) => [
          name,
          typeof value === 'number' ? String(value) : value,
        ]),
      );
      return { status: answer.statusCode, headers, body: answer.body };
    };

  /**
   * A visitor's page from the cache, or drawn and kept there: with its ETag (a repeat asks
   * with If-None-Match and is answered 304), cacheable by a CDN in front for 10 s and used
   * while revalidated for a minute more, unless it sets a cookie (a first visit's CSRF cookie
   * is the visitor's own).
   */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    void reply
      .header(
        'cache-control',
        reply.hasHeader('set-cookie')
          ? 'private, no-cache'
          : 'public, max-age=10, stale-while-revalidate=60',
      )
      .header('vary', 'cookie, accept-encoding')
      .header('etag', page.etag);
    // A list of tags, weak ones too (RFC 9110 §13.1.2 compares If-None-Match weakly).
    const known = (request.headers['if-none-match'] ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(page.etag) || known.includes('*')) return reply.status(304).send();
    // Sent as kept, compressed already (@fastify/compress leaves an encoded answer alone).
    const { encoding, body } = pageBytes(page, request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.status(page.status).type('text/html; charset=utf-8').send(body);
  };

  const renderer = options.renderer;
  const pageCache = options.pageCache;
  async function serverRender(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    cacheKey: string | undefined,
  ) {
    if (!renderer) return false;
    const cookies: string[] = [];
    const reads: RenderReads = { urls: [], onlyReads: true };
    const since = pageCache?.mark() ?? 0;
    let outcome: Awaited<ReturnType<PageRenderer['render']>>;
    try {
      outcome = await renderer.render({
        url: request.url,
        origin,
        api: apiFor(request, cookies, reads),
      });
    } catch (error) {
      request.log.error({ err: error, path: pathname }, 'server render failed');
      return false;
    }
    if (outcome.kind === 'client') return false;
    for (const cookie of cookies) void reply.header('set-cookie', cookie);
    if (outcome.kind === 'redirect') {
      await reply.redirect(outcome.location, outcome.status);
      return true;
    }
    const html = template
      // Functions, not strings: a `$&` in someone's title must not be read as a pattern.
      .replace('<!--app-head-->', () => outcome.head)
      .replace(
        rootElement,
        () => `<div id="root">${outcome.root}</div>${bannerFor(request)}${outcome.data}`,
      );
    if (
      pageCache &&
      cacheKey &&
      outcome.status === 200 &&
      cookies.length === 0 &&
      reads.onlyReads
    ) {
      const threads = reads.urls.flatMap((url) => threadRead(url) ?? []);
      const kept = pageCache.keep(
        cacheKey,
        { status: 200, html, threads },
        new Set(reads.urls.map(areasRead)),
        since,
      );
      if (kept) {
        await sendKept(request, reply, kept);
        return true;
      }
    }
    await sendHtml(reply, outcome.status, html);
    return true;
  }

  await app.register(fastifyStatic, {
    root: options.webRoot,
    wildcard: false,
    index: false,
    // Source maps are built for error reports, never served: they hold the whole source.
    allowedPath: (pathname) =>
      pathname !== '/index.html' && pathname !== '/build.json' && !/\.(map|br|gz)$/.test(pathname),
    // Text assets were compressed at build time (x.js.br, x.js.gz): chosen by Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(options.webRoot, 'assets') + path.sep);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      // The same address answers brotli, gzip or plain by Accept-Encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/builds/latest.json',
    {
      schema: {
        tags: ['site'],
        summary: 'The id of the web build being served (open tabs poll it)',
        querystring: noQuery,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { id: buildId };
    },
  );

  /*
   * Every other GET is a page (a route, so answers are compressed like the API's). Public pages,
   * the sign-in and sign-up forms (`serverRendered`, with `noindex`) and unknown paths are drawn
   * on the server (a missing thread answers 404, a deleted one 410, a signed-in member asking
   * for the sign-in form is redirected); private pages get the app's shell with `noindex`. If the
   * server render fails, the shell is sent and the browser draws the page. Unknown /api and
   * /assets paths are not pages.
   */
  typed.get(
    '/*',
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const rawPath = request.url.split('?')[0] ?? '/';
      if (rawPath.startsWith('/api/') || rawPath.startsWith('/assets/')) {
        // The router tries this route last; a part too long for a parameter ends up here too.
        if (rawPath.split('/').some((part) => part.length > maxParamLength)) {
          throw new AppError('out-of-range', 'A part of the request path is too long');
        }
        return reply.callNotFound();
      }
      const decoded = decodeURIComponentSafe(rawPath);
      const route = decoded === undefined ? undefined : findSiteRoute(decoded);
      const drawnHere = route === undefined || route.public || route.serverRendered;
      // A visitor's public page is kept once drawn, apart for whether it holds the cookie
      // banner; a member's never is.
      const cacheKey =
        pageCache && route?.public && !hasSessionCookie(request)
          ? `${bannerFor(request) ? 'banner' : 'chosen'} ${request.url}`
          : undefined;
      const kept = cacheKey === undefined ? undefined : pageCache?.get(cacheKey);
      if (kept) {
        for (const thread of kept.threads) options.countView?.(thread, request);
        return sendKept(request, reply, kept);
      }
      const canonical = route?.public ? await options.canonicalPath?.(rawPath) : undefined;
      if (canonical !== undefined) {
        // The query string is kept; the answer is kept briefly, as a rename can be undone.
        const query = request.url.slice(rawPath.length);
        return reply
          .header('cache-control', 'public, max-age=300')
          .redirect(canonical + query, 301);
      }
      if (drawnHere && (await serverRender(request, reply, rawPath, cacheKey))) {
        return reply;
      }
      return sendHtml(reply, route ? 200 : 404, shellPage(request, rawPath, route));
    },
  );
}

function decodeURIComponentSafe(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
