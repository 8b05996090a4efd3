import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singleLineText } from '../../../shared/text.js';
import { noQuery } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import { createDocumentCache } from './document-cache.js';
import { createFeedService } from './feeds.js';
import { maxUrlsPerSitemap } from './sitemap-xml.js';
import { createSitemapService } from './sitemaps.js';

export interface DiscoveryOptions {
  db: Db;
  /** PUBLIC_URL: every address in a sitemap or feed is absolute on its origin. */
  publicUrl: URL;
  /** SITE_NAME, unless an admin renamed the site (the site feature decides). */
  siteName: string;
  /** URLs per numbered sitemap page; at most (and by default) the protocol's 50,000. */
  pageSize?: number;
  /** Rows read per query while a sitemap page streams out. */
  batchSize?: number;
  /** How long a generated document is kept here, and may be kept by clients. */
  cacheMs?: number;
  /** Memory the kept documents may take in all. */
  cacheBytes?: number;
}

/** Areas only members or staff use, or that show nothing worth indexing. */
const disallowed = [
  '/admin',
  '/moderator',
  '/user-profile',
  '/auth/',
  '/add-new',
  '/forum/post/edit/',
  '/api/',
  '/donate/success',
  '/donate/checkout/',
  '/donate/stop',
  '/search',
  '/notifications',
  '/unsubscribe',
];

export const robotsTxt = (origin: string) =>
  [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

const xmlType = 'application/xml; charset=utf-8';
const atomType = 'application/atom+xml; charset=utf-8';

/** A file name in the path: its form is checked by the handler, which answers 404 for others. */
const fileParams = z.object({ file: singleLineText() });

/**
 * GET /robots.txt, /sitemap.xml, /sitemaps/<page>.xml and the Atom feeds under /feeds. Outside
 * /api, so no session is read and no access or limit is declared; every answer is public and
 * the same for everyone, kept in memory for `cacheMs` and cacheable as long. Left out of the
 * API document like /media.
 */
export function registerDiscoveryRoutes(app: FastifyInstance, options: DiscoveryOptions) {
  const origin = options.publicUrl.origin;
  const cacheMs = options.cacheMs ?? 5 * 60_000;
  const pageSize = Math.max(1, Math.min(options.pageSize ?? maxUrlsPerSitemap, maxUrlsPerSitemap));
  const cache = createDocumentCache({
    ttlMs: cacheMs,
    maxBytes: options.cacheBytes ?? 64 * 1024 * 1024,
  });
  const startedAt = new Date();
  const shared = { db: options.db, origin, cache, startedAt };
  const sitemaps = createSitemapService({
    ...shared,
    pageSize,
    batchSize: Math.max(1, Math.min(options.batchSize ?? 1000, pageSize)),
  });
  const feeds = createFeedService({ ...shared, siteName: options.siteName });
  const robots = robotsTxt(origin);
  const cacheControl = `public, max-age=${Math.floor(cacheMs / 1000)}`;

  const send = (reply: FastifyReply, type: string, body: string | AsyncGenerator<string>) =>
    reply
      .type(type)
      .header('cache-control', cacheControl)
      .send(typeof body === 'string' ? body : Readable.from(body));

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true, querystring: noQuery };
  const fileSchema = { ...schema, params: fileParams };

  typed.get('/robots.txt', { schema }, (_request, reply) =>
    send(reply, 'text/plain; charset=utf-8', robots),
  );
  typed.get('/sitemap.xml', { schema }, async (_request, reply) =>
    send(reply, xmlType, await sitemaps.index()),
  );
  typed.get('/sitemaps/:file', { schema: fileSchema }, async (request, reply) =>
    send(reply, xmlType, await sitemaps.page(request.params.file)),
  );
  typed.get('/feeds/news.xml', { schema }, async (_request, reply) =>
    send(reply, atomType, await feeds.news()),
  );
  typed.get('/feeds/forum.xml', { schema }, async (_request, reply) =>
    send(reply, atomType, await feeds.forum()),
  );
  typed.get('/feeds/forum/:file', { schema: fileSchema }, async (request, reply) =>
    send(reply, atomType, await feeds.category(request.params.file)),
  );
  typed.get('/feeds/films/:file', { schema: fileSchema }, async (request, reply) => {
    const answer = await feeds.film(request.params.file);
    if (typeof answer === 'string') return send(reply, atomType, answer);
    // A feed reader follows a permanent move and keeps the new address.
    return reply.header('cache-control', cacheControl).redirect(answer.movedTo, 301);
  });
}
