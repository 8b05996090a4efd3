import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noQuery } from '../../core/http.js';
import { siteInfoSchema, type SiteInfoStore } from './service.js';

export function registerSiteRoutes(app: FastifyInstance, options: { site: SiteInfoStore }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: "The site's name and description (answered from memory)",
        querystring: noQuery,
        response: { 200: siteInfoSchema },
      },
    },
    () => options.site.get(),
  );
}
