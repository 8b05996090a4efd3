import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.js';
import {
  uploadListQuery,
  uploadListResponse,
  uploadQuery,
  uploadResponse,
} from '../../../shared/uploads.js';
import { errorResponses, noQuery } from '../../http.js';
import { registerMediaRoute } from './media-route.js';
import { createUploadsService, type UploadsOptions } from './service.js';
import { multipartLimits, readUploadedFile } from './upload-body.js';
import { viewerOf } from '../../core/access.js';

export interface UploadRoutesOptions extends UploadsOptions {
  /** Rate-limit counters in Redis when REDIS_URL is set; in process otherwise. */
  redis: Redis | undefined;
  /** Prefix of rate-limit keys (test apps sharing one Redis must not share counters). */
  limitNamespace: string;
}

/** Re-encoding is costly: each user may upload this many images per window. */
export const uploadRateLimit = { max: 30, timeWindow: 10 * 60 * 1000 };

/** Image uploads (avatars, post images) and the /media files they are served from. */
export async function registerUploadRoutes(app: FastifyInstance, options: UploadRoutesOptions) {
  const service = createUploadsService(options);
  const tags = ['uploads'];
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Multipart parsing and the upload rate limit exist only in this scope, for this one route.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
    await scope.register(rateLimit, {
      global: false,
      hook: 'preHandler',
      ...(options.redis ? { redis: options.redis, nameSpace: 'viewpoint-rl:' } : {}),
      keyGenerator: (request) =>
        `${options.limitNamespace}upload:${request.viewer?.id ?? request.ip}`,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(
          'resource-exhausted',
          `Too many uploads. Try again in ${Math.ceil(seconds / 60)} minutes.`,
          { retryAfterSeconds: seconds },
        );
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/uploads',
      {
        config: { access: { permission: 'content.write' }, rateLimit: uploadRateLimit },
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
      config: { access: { permission: 'content.write' } },
      schema: {
        tags,
        summary: 'Delete one of your uploads (and your avatar, if it was this image)',
        querystring: noQuery,
        params: z.object({ id: z.string().min(1).max(100) }),
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
