import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserSchema,
  blockAccountBody,
  memberHistoryResponse,
  setRoleBody,
  userListQuery,
  userListResponse,
} from '../../../shared/accounts.js';
import { liveEvents } from '../../../shared/chat.js';
import { muteBody } from '../../../shared/mutes.js';
import type { Live } from '../../core/live.js';
import { errorResponses, noQuery, textIdParams } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import { createUsersService } from './service.js';
import { viewerOf } from '../../core/access.js';
import { everything } from '../../core/stale.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';

/** Blocks, mutes and role changes share one budget. */
const accountActionLimit = memberLimit('account-action', 'acting on accounts', perMinute(30));

const errors = errorResponses(400, 401, 403, 404, 412);
const userResult = z.object({ user: adminUserSchema });

/** Finding users, their history, muting, blocking them and changing roles (moderators and up). */
export function registerUserRoutes(app: FastifyInstance, options: { db: Db; live: Live }) {
  const service = createUsersService(options.db);
  const { live } = options;
  /** Tells the member's open pages at once that their account changed (a mute, a role). */
  const tellMember = <T>(memberId: string, result: T): T => {
    live.toMember(memberId, liveEvents.accountChanged, {});
    return result;
  };
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
      // A blocked member's profile says so; their sessions end.
      config: {
        access: { permission: 'users.block' },
        limit: accountActionLimit,
        stales: everything,
      },
      schema: {
        tags,
        summary: 'Block an account (reason, optional end date); its sessions are refused at once',
        querystring: noQuery,
        params: textIdParams,
        body: blockAccountBody,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => {
      const user = await service.block(
        viewerOf(request),
        request.params.id,
        request.body.reason,
        request.body.until,
      );
      // Every live socket of the account ends at once, on every process.
      live.disconnectMember(request.params.id);
      return { user };
    },
  );

  api.delete(
    '/api/users/:id/block',
    {
      config: {
        access: { permission: 'users.block' },
        limit: accountActionLimit,
        stales: everything,
      },
      schema: {
        tags,
        summary: 'Lift a block',
        querystring: noQuery,
        params: textIdParams,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => ({ user: await service.unblock(viewerOf(request), request.params.id) }),
  );

  api.put(
    '/api/users/:id/role',
    {
      // A member's role is shown beside everything they wrote.
      config: {
        access: { permission: 'roles.change' },
        limit: accountActionLimit,
        stales: everything,
      },
      schema: {
        tags,
        summary: "Change a user's role",
        querystring: noQuery,
        params: textIdParams,
        body: setRoleBody,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => {
      const user = await service.changeRole(
        viewerOf(request),
        request.params.id,
        request.body.role,
      );
      live.roleChanged(request.params.id, request.body.role);
      return { user: tellMember(request.params.id, user) };
    },
  );

  api.get(
    '/api/users/:id/history',
    {
      config: { access: { permission: 'users.mute' } },
      schema: {
        tags,
        summary: "A member's counts, reports against them and the latest actions on the account",
        querystring: noQuery,
        params: textIdParams,
        response: { 200: memberHistoryResponse, ...errors },
      },
    },
    (request) => service.history(viewerOf(request), request.params.id),
  );

  api.post(
    '/api/users/:id/mute',
    {
      // A mute is shown to no reader; it is part of the member's session check.
      config: {
        access: { permission: 'users.mute' },
        limit: accountActionLimit,
        stales: ['sessions'],
      },
      schema: {
        tags,
        summary: 'Mute a member for 1 hour, 1 day or 1 week: they read but cannot write',
        querystring: noQuery,
        params: textIdParams,
        body: muteBody,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => ({
      user: tellMember(
        request.params.id,
        await service.mute(viewerOf(request), request.params.id, request.body),
      ),
    }),
  );

  api.delete(
    '/api/users/:id/mute',
    {
      config: {
        access: { permission: 'users.mute' },
        limit: accountActionLimit,
        stales: ['sessions'],
      },
      schema: {
        tags,
        summary: 'Lift a mute',
        querystring: noQuery,
        params: textIdParams,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => ({
      user: tellMember(
        request.params.id,
        await service.unmute(viewerOf(request), request.params.id),
      ),
    }),
  );
}
