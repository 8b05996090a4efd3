import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListQuery, auditListResponse } from '../../../shared/audit-log.js';
import { errorResponses } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import { listAudit } from './service.js';

/** The audit log, read-only: no route edits or deletes an entry. */
export function registerAuditRoutes(app: FastifyInstance, options: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      config: { access: { permission: 'audit.view' } },
      schema: {
        tags: ['audit'],
        summary: 'Moderation and admin actions, newest first (filter by actor, target, action)',
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listAudit(options.db, request.query),
  );
}
