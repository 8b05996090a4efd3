import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeSessionsResponse,
  changeEmailBody,
  changePasswordBody,
  deleteAccountBody,
  emailSentResponse,
  tokenBody,
  updateProfileBody,
  userResponse,
} from '../../../../shared/accounts.js';
import { notFound } from '../../../../shared/errors.js';
import { errorResponses, noQuery, textIdParams } from '../../../core/http.js';
import type { Db } from '../../../platform/db/database.js';
import { describeDevice } from '../sessions/device-name.js';
import * as repo from '../repo.js';
import type { AccountsService } from '../sign-in/service.js';
import { viewerOf } from '../../../core/access.js';
import { everything } from '../../../core/stale.js';
import type { Live } from '../../../core/live.js';
import { clearSessionCookie, liveSessionKey } from '../../../core/session-cookie.js';
import { accountLimits } from '../limits.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The signed-in user's own account settings (/user-profile). */
export function registerAccountRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    service: AccountsService;
    live: Pick<Live, 'disconnectSession'>;
    describeWayIn: (label: string | null) => string | null;
  },
) {
  const { db, service, live, describeWayIn } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  api.patch(
    '/api/account',
    {
      config: {
        access: 'signed-in',
        limit: accountLimits.account,
        publishes: true,
        // A member's name is on everything they wrote.
        stales: everything,
      },
      schema: {
        tags,
        summary: 'Change the display name',
        querystring: noQuery,
        body: updateProfileBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const row = await repo.renameUser(db, viewer.id, request.body.name);
      if (!row) throw notFound('user');
      return { user: repo.presentUser(row) };
    },
  );

  api.post(
    '/api/account/password',
    {
      config: { stales: ['sessions'], access: 'signed-in', limit: accountLimits.password },
      schema: {
        tags,
        summary: 'Change the password (needs the current one); signs out other sessions',
        querystring: noQuery,
        body: changePasswordBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.changePassword(request, reply, viewerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/account/email',
    {
      config: { stales: [], access: 'signed-in', limit: accountLimits.email },
      schema: {
        tags,
        summary: 'Ask to change the email; the new address must confirm first',
        querystring: noQuery,
        body: changeEmailBody,
        response: { 200: emailSentResponse, ...errors },
      },
    },
    (request) =>
      service.requestEmailChange(viewerOf(request), request.body.newEmail, request.body.password),
  );

  api.post(
    '/api/account/email/verify',
    {
      config: { stales: ['sessions'], access: 'public', limit: accountLimits.email },
      schema: {
        tags,
        summary: 'Confirm a new email address with the emailed link',
        querystring: noQuery,
        body: tokenBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ({ user: await service.confirmEmailChange(request.body.token) }),
  );

  api.get(
    '/api/account/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Active sessions of this account',
        querystring: noQuery,
        response: { 200: activeSessionsResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const rows = await repo.listActiveSessions(db, viewer.id);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === viewer.sessionId,
          device: describeDevice(row.userAgent),
          ipAddress: row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.updatedAt.toISOString(),
          signedInWith: describeWayIn(row.signedInWith),
        })),
      };
    },
  );

  api.delete(
    '/api/account/sessions/:id',
    {
      config: { stales: ['sessions'], access: 'signed-in', limit: accountLimits.account },
      schema: {
        tags,
        summary: 'Sign out one session',
        querystring: noQuery,
        params: textIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const token = await repo.deleteSession(db, viewer.id, request.params.id);
      if (token === undefined) throw notFound('session');
      // The device signed out stops hearing the member's chat and notifications at once.
      live.disconnectSession(liveSessionKey(token));
      if (request.params.id === viewer.sessionId) clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/account',
    {
      // What they wrote is shown as by 'deleted user' from now on.
      config: { stales: everything, access: 'signed-in', limit: accountLimits.remove },
      schema: {
        tags,
        summary: "Delete one's own account; content stays, shown as by 'deleted user'",
        querystring: noQuery,
        body: deleteAccountBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(viewerOf(request), request.body.username, request.body.password);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );
}
