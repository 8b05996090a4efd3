import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, noQuery } from '../../http.js';
import type { RateLimitStore } from '../../platform/rate-limit-store.js';

/**
 * The web app's error page reports fatal and unhandled errors here so operators see them in
 * the server log with the request id. Nothing is stored; the endpoint is rate limited per IP.
 */
export const clientErrorSchema = z
  .object({
    message: z.string().trim().min(1).max(1000),
    status: z.number().int().min(100).max(599).optional(),
    path: z.string().startsWith('/').max(2000),
    stack: z.string().max(10_000).optional(),
  })
  .strict();

export async function registerClientErrorRoutes(
  app: FastifyInstance,
  options: { rateLimitStore: RateLimitStore },
) {
  await app.register(async (scope) => {
    await scope.register(rateLimit, { max: 20, timeWindow: '1 minute', ...options.rateLimitStore });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/client-errors',
      {
        config: { access: 'public', changesNothing: true },
        schema: {
          tags: ['site'],
          summary: 'Report an error the web app could not handle',
          querystring: noQuery,
          body: clientErrorSchema,
          response: { 204: z.null(), 400: errorResponse, 429: errorResponse },
        },
      },
      (request, reply) => {
        request.log.warn({ clientError: request.body }, `client error: ${request.body.message}`);
        void reply.status(204);
        return null;
      },
    );
  });
}
