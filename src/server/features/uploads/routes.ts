import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  uploadListQuery,
  uploadListResponse,
  uploadQuery,
  uploadResponse,
} from '../../../shared/uploads.js';
import { errorResponses, noQuery, textIdParams } from '../../core/http.js';
import { registerMediaRoute } from './media-route.js';
import { createUploadsService, type UploadsOptions } from './service.js';
import { multipartLimits, readUploadedFile } from './upload-body.js';
import { viewerOf } from '../../core/access.js';
import { everything } from '../../core/stale.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';

export type UploadRoutesOptions = UploadsOptions;

/**
 * Re-encoding is costly: each member may upload this many images per window, whether or not
 * they turn out to be images (the work is done before the refusal).
 */
export const uploadRouteLimits = {
  upload: memberLimit('upload', 'uploading images', { points: 30, seconds: 10 * 60 }),
  remove: memberLimit('upload-delete', 'deleting images', perMinute(30)),
};

/** Image uploads (avatars, post images) and the /media files they are served from. */
export async function registerUploadRoutes(app: FastifyInstance, options: UploadRoutesOptions) {
  const service = createUploadsService(options);
  const tags = ['uploads'];
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Multipart parsing exists only in this scope, for this one route.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/uploads',
      {
        config: {
          access: { permission: 'content.write' },
          limit: uploadRouteLimits.upload,
          publishes: true,
          // Shown nowhere until a post or the profile uses it.
          stales: [],
        },
        schema: {
          tags,
          summary:
            'Upload one image (multipart, one file field, at most 10 MB and 40 megapixels; JPEG, PNG, WebP or GIF), stored re-encoded as WebP with a thumbnail',
          consumes: ['multipart/form-data'],
          querystring: uploadQuery,
          response: { 201: uploadResponse, ...errorResponses(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        const file = await readUploadedFile(request);
        const upload = await service.upload(viewerOf(request), request.query.purpose, file);
        return reply.status(201).send({ upload });
      },
    );
  });

  api.get(
    '/api/uploads',
    {
      config: { access: { permission: 'content.write' } },
      schema: {
        tags,
        summary: 'Your uploads, newest first, with the storage they take and your quota',
        querystring: uploadListQuery,
        response: { 200: uploadListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(viewerOf(request), request.query),
  );

  api.delete(
    '/api/uploads/:id',
    {
      // The image leaves every post that shows it, and the avatar it was.
      config: {
        access: { permission: 'content.write' },
        limit: uploadRouteLimits.remove,
        stales: everything,
      },
      schema: {
        tags,
        summary: 'Delete one of your uploads (and your avatar, if it was this image)',
        querystring: noQuery,
        params: textIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  registerMediaRoute(app, options.storage);
}
