import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/forum.js';
import {
  createModRequestBody,
  modRequestListQuery,
  modRequestListResponse,
  modRequestResponse,
  myModRequestResponse,
  rejectModRequestBody,
} from '../../../shared/mod-requests.js';
import { errorResponses, noQuery } from '../../core/http.js';
import { createModRequestService, type ModRequestOptions } from './service.js';
import { viewerOf } from '../../core/access.js';
import { everything } from '../../core/stale.js';
import { memberLimit, perHour, perMinute } from '../../core/route-limits.js';

const modRequestLimits = {
  ask: memberLimit('mod-request', 'asking to moderate', perHour(5)),
  decide: memberLimit('mod-request-decision', 'deciding requests', perMinute(30)),
};

const errors = errorResponses(400, 401, 403, 404, 409, 412);

/** Moderator requests: a member asks, an admin approves or rejects. */
export function registerModRequestRoutes(app: FastifyInstance, options: ModRequestOptions) {
  const service = createModRequestService(options);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mod-requests'];

  api.post(
    '/api/mod-requests',
    {
      config: {
        access: { permission: 'mod-request.create' },
        limit: modRequestLimits.ask,
        stales: [],
      },
      schema: {
        tags,
        summary: 'Ask to become a moderator (one open request at a time)',
        querystring: noQuery,
        body: createModRequestBody,
        response: { 201: modRequestResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.create(viewerOf(request), request.body.motivation);
      return reply.status(201).send({ request: created });
    },
  );

  api.get(
    '/api/mod-requests/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your latest moderator request, and whether you may ask now',
        querystring: noQuery,
        response: { 200: myModRequestResponse, ...errors },
      },
    },
    (request) => service.mine(viewerOf(request)),
  );

  api.get(
    '/api/mod-requests',
    {
      config: { access: { permission: 'mod-requests.decide' } },
      schema: {
        tags,
        summary: "Moderator requests of one status, newest first, with each requester's history",
        querystring: modRequestListQuery,
        response: { 200: modRequestListResponse, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  api.post(
    '/api/mod-requests/:id/approve',
    {
      // The new moderator's role is shown beside everything they wrote.
      config: {
        access: { permission: 'mod-requests.decide' },
        limit: modRequestLimits.decide,
        stales: everything,
      },
      schema: {
        tags,
        summary: 'Approve a request: the member becomes a moderator and is told by mail',
        querystring: noQuery,
        params: idParams,
        response: { 200: modRequestResponse, ...errors },
      },
    },
    async (request) => ({
      request: await service.approve(viewerOf(request), request.params.id),
    }),
  );

  api.post(
    '/api/mod-requests/:id/reject',
    {
      config: {
        access: { permission: 'mod-requests.decide' },
        limit: modRequestLimits.decide,
        stales: [],
      },
      schema: {
        tags,
        summary: 'Reject a request with a reason; the member is told by mail',
        querystring: noQuery,
        params: idParams,
        body: rejectModRequestBody,
        response: { 200: modRequestResponse, ...errors },
      },
    },
    async (request) => ({
      request: await service.reject(viewerOf(request), request.params.id, request.body.reason),
    }),
  );
}
