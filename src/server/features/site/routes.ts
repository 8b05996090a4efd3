import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noQuery } from '../../http.js';
import type { Db } from '../../platform/db/database.js';
import { getSiteInfo, siteInfoSchema } from './service.js';

export function registerSiteRoutes(app: FastifyInstance, options: { db: Db; siteName: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: "The site's name and description",
        querystring: noQuery,
        response: { 200: siteInfoSchema },
      },
    },
    async () => getSiteInfo(options.db, options.siteName),
  );
}
