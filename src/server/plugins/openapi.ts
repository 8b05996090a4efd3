import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noQuery } from '../core/http.js';

/** The OpenAPI document is generated from the routes' zod schemas; nothing is written by hand. */
export async function registerOpenApi(app: FastifyInstance, options: { siteName: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.siteName} API`,
        version: '1',
        description:
          'Every error answers `{ "error": { "code", "message", "details?" } }` with the status of its code.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(
    '/api/openapi.json',
    { schema: { hide: true, querystring: noQuery, response: { 200: z.unknown() } } },
    () => app.swagger(),
  );
}
