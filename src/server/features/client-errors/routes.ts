import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { multiLineText, singleLineText } from '../../../shared/text.js';
import { errorResponse, noQuery } from '../../core/http.js';
import { perMinute, type RouteLimit } from '../../core/route-limits.js';

/** Reports come from visitors too, so they are counted per client address only. */
const clientErrorLimit: RouteLimit = {
  name: 'client-error',
  doing: 'reporting errors',
  ip: perMinute(20),
};

/**
 * The web app's error page reports fatal and unhandled errors here so operators see them in
 * the server log with the request id. Nothing is stored; the endpoint is rate limited per IP.
 */
export const clientErrorSchema = z
  .object({
    message: multiLineText().trim().min(1).max(1000),
    status: z.number().int().min(100).max(599).optional(),
    path: singleLineText().startsWith('/').max(2000),
    stack: multiLineText().max(10_000).optional(),
  })
  .strict();

export function registerClientErrorRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/client-errors',
    {
      config: { access: 'public', stales: [], limit: clientErrorLimit },
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
}
