import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryListResponse,
  categorySchema,
  createCategoryBody,
  idParams,
  reorderCategoriesBody,
  updateCategoryBody,
} from '../../../../shared/forum.js';
import { errorResponses, noQuery } from '../../../core/http.js';
import type { CategoryService } from './service.js';
import { viewerOf } from '../../../core/access.js';
import { everything } from '../../../core/stale.js';
import { forumRouteLimits } from '../limits.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const categoryResponse = z.object({ category: categorySchema });
const tags = ['forum'];

/** Forum categories: everyone reads them; admins add, rename, describe, archive and reorder. */
export function registerCategoryRoutes(app: FastifyInstance, service: CategoryService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/forum/categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Categories in their order, archived ones included (flagged `archived`)',
        querystring: noQuery,
        response: { 200: categoryListResponse, ...errors },
      },
    },
    async () => ({ categories: await service.list() }),
  );

  api.post(
    '/api/forum/categories',
    {
      config: {
        access: { permission: 'site.settings' },
        limit: forumRouteLimits.categories,
        stales: ['forum-categories'],
      },
      schema: {
        tags,
        summary: 'Add a category at the end (its slug is made from the name)',
        querystring: noQuery,
        body: createCategoryBody,
        response: { 201: categoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const category = await service.create(viewerOf(request), request.body);
      return reply.status(201).send({ category });
    },
  );

  api.patch(
    '/api/forum/categories/:id',
    {
      // A category's name is on each of its threads.
      config: {
        access: { permission: 'site.settings' },
        limit: forumRouteLimits.categories,
        stales: everything,
      },
      schema: {
        tags,
        summary: 'Rename, describe, archive or unarchive a category (the slug stays)',
        querystring: noQuery,
        params: idParams,
        body: updateCategoryBody,
        response: { 200: categoryResponse, ...errors },
      },
    },
    async (request) => ({
      category: await service.update(viewerOf(request), request.params.id, request.body),
    }),
  );

  api.put(
    '/api/forum/categories/order',
    {
      config: {
        access: { permission: 'site.settings' },
        limit: forumRouteLimits.categories,
        stales: ['forum-categories'],
      },
      schema: {
        tags,
        summary: 'Reorder the categories: every category id exactly once, in the new order',
        querystring: noQuery,
        body: reorderCategoriesBody,
        response: { 200: categoryListResponse, ...errors },
      },
    },
    async (request) => ({
      categories: await service.reorder(viewerOf(request), request.body.ids),
    }),
  );
}
