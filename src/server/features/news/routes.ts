import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/forum.js';
import {
  createNewsBody,
  newsArticleResponse,
  newsListQuery,
  newsListResponse,
  updateNewsBody,
} from '../../../shared/news.js';
import { errorResponses, noQuery } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import { createNewsService } from './service.js';
import { viewerOf } from '../../core/access.js';
import { everything } from '../../core/stale.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';

const newsLimit = memberLimit('news', 'writing news', perMinute(30));

const readErrors = errorResponses(400, 404);
const writeErrors = errorResponses(400, 401, 403, 404);

/** News articles: public reading, admin writing. */
export function registerNewsRoutes(app: FastifyInstance, options: { db: Db }) {
  const news = createNewsService(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['news'];
  const read = { access: { permission: 'news.write' } } as const;
  const write = { ...read, limit: newsLimit };
  const publish = { ...write, publishes: true } as const;
  // An edit or a deletion may hide or show the article's discussion thread in the forum.
  const change = { stales: everything } as const;

  api.get(
    '/api/news',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Published articles: featured first, then newest; cursor pages',
        querystring: newsListQuery,
        response: { 200: newsListResponse, ...readErrors },
      },
    },
    (request) => news.listPublic(request.query, request.viewer),
  );

  api.get(
    '/api/news/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One article (drafts and scheduled ones only for admins)',
        querystring: noQuery,
        params: idParams,
        response: { 200: newsArticleResponse, ...readErrors },
      },
    },
    async (request) => ({ article: await news.read(request.viewer, request.params.id) }),
  );

  api.get(
    '/api/admin/news',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every article whatever its status, newest first',
        querystring: newsListQuery,
        response: { 200: newsListResponse, ...writeErrors },
      },
    },
    (request) => news.listAll(request.query),
  );

  api.post(
    '/api/news',
    {
      config: { ...publish, stales: ['news'] },
      schema: {
        tags,
        summary: 'Write an article (Markdown body, rendered once and stored with its source)',
        querystring: noQuery,
        body: createNewsBody,
        response: { 201: newsArticleResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const article = await news.create(viewerOf(request), request.body);
      return reply.status(201).send({ article });
    },
  );

  api.patch(
    '/api/news/:id',
    {
      config: { ...publish, ...change },
      schema: {
        tags,
        summary: 'Edit an article; `status: draft` unpublishes it',
        querystring: noQuery,
        params: idParams,
        body: updateNewsBody,
        response: { 200: newsArticleResponse, ...writeErrors },
      },
    },
    async (request) => ({
      article: await news.update(viewerOf(request), request.params.id, request.body),
    }),
  );

  api.delete(
    '/api/news/:id',
    {
      config: { ...write, ...change },
      schema: {
        tags,
        summary: 'Delete an article; the thread of its replies is hidden',
        querystring: noQuery,
        params: idParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await news.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
