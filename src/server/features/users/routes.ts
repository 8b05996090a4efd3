import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserSchema,
  blockAccountBody,
  setRoleBody,
  userListQuery,
  userListResponse,
} from '../../../shared/accounts.js';
import { errorResponses, noQuery } from '../../http.js';
import type { Db } from '../../platform/db/database.js';
import { viewerOf } from '../accounts/access.js';
import { createUsersService } from './service.js';

const errors = errorResponses(400, 401, 403, 404, 412);
const userParams = z.object({ id: z.string().min(1).max(100) });
const userResult = z.object({ user: adminUserSchema });

/** Finding users, blocking them and changing roles (moderators and admins). */
export function registerUserRoutes(app: FastifyInstance, options: { db: Db }) {
  const service = createUsersService(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  api.get(
    '/api/users',
    {
      config: { access: { permission: 'users.mute' } },
      schema: {
        tags,
        summary: 'Search users (emails only for experienced moderators and admins)',
        querystring: userListQuery,
        response: { 200: userListResponse, ...errors },
      },
    },
    (request) => service.list(viewerOf(request), request.query),
  );

  api.post(
    '/api/users/:id/block',
    {
      config: { access: { permission: 'users.block' } },
      schema: {
        tags,
        summary: 'Block an account (reason, optional end date); its sessions are refused at once',
        querystring: noQuery,
        params: userParams,
        body: blockAccountBody,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => ({
      user: await service.block(
        viewerOf(request),
        request.params.id,
        request.body.reason,
        request.body.until,
      ),
    }),
  );

  api.delete(
    '/api/users/:id/block',
    {
      config: { access: { permission: 'users.block' } },
      schema: {
        tags,
        summary: 'Lift a block',
        querystring: noQuery,
        params: userParams,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => ({ user: await service.unblock(viewerOf(request), request.params.id) }),
  );

  api.put(
    '/api/users/:id/role',
    {
      config: { access: { permission: 'roles.change' } },
      schema: {
        tags,
        summary: "Change a user's role",
        querystring: noQuery,
        params: userParams,
        body: setRoleBody,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => ({
      user: await service.changeRole(viewerOf(request), request.params.id, request.body.role),
    }),
  );
}
