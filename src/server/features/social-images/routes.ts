import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../../shared/errors.js';
import type { Db } from '../../platform/db/database.js';
import type { Storage } from '../../platform/storage/storage.js';
import { tooFast, type Limiter } from '../../core/limiter.js';
import { perMinute } from '../../core/route-limits.js';
import { loadAvatars } from './avatars.js';
import { drawCard } from './draw.js';
import { cardFor, pagePathOf } from './pages.js';
import { createImageStore, imageKey } from './stored-images.js';

export interface SocialImageOptions {
  db: Db;
  storage: Storage;
  /** SITE_NAME: the brand line, unless an admin renamed the site. */
  siteName: string;
  limiter: Limiter;
}

/** Drawing is CPU work: each client address may have so many new images drawn a minute. */
const drawBudget = perMinute(60);

const imageHeaders = {
  'content-type': 'image/png',
  'cache-control': 'public, max-age=3600',
};

/** Does the client's copy (If-None-Match: "a", W/"b" or *) match this ETag? */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * GET /og/<page path>.png: the social preview image (`og:image`) of a public page, 1200×630.
 * Outside /api, so no session is read: the image shows what any visitor may see. Each image is
 * drawn once and kept in the storage platform under a hash of what it draws; its key is its
 * ETag. Every /og path lands here, so a page route never answers for a missing image.
 */
export function registerSocialImageRoutes(app: FastifyInstance, options: SocialImageOptions) {
  const log = (error: unknown, message: string) => app.log.warn({ err: error }, message);
  const store = createImageStore({
    storage: options.storage,
    draw: async (card) =>
      drawCard(
        card,
        await loadAvatars(options.storage, card, (error) =>
          log(error, 'an avatar could not be read for a preview image'),
        ),
      ),
    onError: log,
  });
  const drawLimit = options.limiter.counter('social-image:ip', drawBudget, (ms) =>
    tooFast(ms, 'asking for new preview images'),
  );

  const answer = (reply: FastifyReply, key: string) =>
    reply.headers(imageHeaders).header('etag', `"${key}"`);

  // `/og` and `/og/` (trailing slashes are ignored) are answered here too.
  for (const url of ['/og', '/og/*']) {
    app.get<{ Params: { '*'?: string } }>(
      url,
      { schema: { hide: true } },
      async (request, reply) => {
        const pathname = pagePathOf(request.params['*'] ?? '');
        if (pathname === undefined) throw notFound('Image');
        const card = await cardFor(options.db, options.siteName, pathname);
        const key = imageKey(card);
        if (isFresh(request.headers['if-none-match'], `"${key}"`)) {
          return answer(reply, key).code(304).send();
        }
        const stored = await store.stored(key);
        if (stored) {
          return answer(reply, key).header('content-length', stored.size).send(stored.body);
        }
        // A request that joins a drawing under way costs nothing more.
        if (!store.isDrawing(key)) await drawLimit.consume(request.ip);
        const png = await store.draw(key, card);
        return answer(reply, key).header('content-length', png.length).send(png);
      },
    );
  }
}
