import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../shared/errors.js';
import { mediaPathPattern } from '../../../shared/uploads.js';
import type { Storage } from '../../platform/storage/storage.js';

/** Every served file is ours and never changes under its random name. */
const mediaHeaders = {
  'content-type': 'image/webp',
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
  // Opened on its own, the file runs nothing (the inline style is the browser's image viewer).
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/**
 * GET /media/<id>.webp and /media/<id>.thumb.webp: streamed from the storage (disk or bucket),
 * so the browser only ever talks to us. Outside /api, so no session is read; every /media path
 * lands here, so a page route never answers for a missing image.
 */
export function registerMediaRoute(app: FastifyInstance, storage: Storage) {
  // `/media` and `/media/` (trailing slashes are ignored) are answered here too.
  for (const url of ['/media', '/media/*']) {
    app.get<{ Params: { '*'?: string } }>(
      url,
      { schema: { hide: true } },
      async (request, reply) => {
        const file = request.params['*'] ?? '';
        if (!mediaPathPattern.test(`/media/${file}`)) throw notFound('Image');
        const object = await storage.get(file);
        if (!object) throw notFound('Image');
        return reply
          .headers(mediaHeaders)
          .header('content-length', object.size)
          .header('content-disposition', `inline; filename="${file}"`)
          .send(object.body);
      },
    );
  }
}
