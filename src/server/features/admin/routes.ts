import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatsResponse } from '../../../shared/admin-stats.js';
import { siteSettingsBody, siteSettingsResponse } from '../../../shared/site-settings.js';
import { AppError } from '../../../shared/errors.js';
import { errorResponses, noQuery } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import { readAdminStats } from './stats.js';
import { readSiteStatus, type StatusSources } from './status.js';
import { siteStatusResponse } from '../../../shared/status.js';
import { viewerOf } from '../../core/access.js';
import { everything } from '../../core/stale.js';
import type { SiteInfoStore } from '../site/index.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';
import type { DonationCurrency } from '../../../shared/donations.js';

const siteSettingsLimit = memberLimit('site-settings', 'changing site settings', perMinute(20));

const errors = errorResponses(400, 401, 403, 412);

/** The admin dashboard's counts and the site settings (admins). */
export function registerAdminRoutes(
  app: FastifyInstance,
  options: { db: Db; site: SiteInfoStore; currency: DonationCurrency; status: StatusSources },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  api.get(
    '/api/admin/stats',
    {
      config: { access: { permission: 'site.settings' } },
      schema: {
        tags,
        summary: 'Counts for the admin dashboard (users, threads, replies, open reports, ...)',
        querystring: noQuery,
        response: { 200: adminStatsResponse, ...errors },
      },
    },
    () => readAdminStats(options.db, options.currency),
  );

  api.get(
    '/api/admin/status',
    {
      config: { access: { permission: 'site.settings' } },
      schema: {
        tags,
        summary:
          "The site's health for its operator: database, Redis, mail and storage, the job queue, " +
          'the backups, the version and migrations, and plain-language warnings',
        querystring: noQuery,
        response: { 200: siteStatusResponse, ...errors },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return readSiteStatus(options.status);
    },
  );

  api.put(
    '/api/admin/site',
    {
      // The site's name and settings are on every page.
      config: {
        access: { permission: 'site.settings' },
        limit: siteSettingsLimit,
        stales: everything,
      },
      schema: {
        tags,
        summary:
          "Change the site's name and description, and whether staff need a second factor " +
          '(recorded in the audit log)',
        description:
          'Asking staff for a second factor needs the admin to have one on: refused with ' +
          '`failed-precondition` otherwise, so nobody locks themselves out of the settings.',
        querystring: noQuery,
        body: siteSettingsBody,
        response: { 200: siteSettingsResponse, ...errors },
      },
    },
    (request) => {
      const viewer = viewerOf(request);
      if (request.body.staffSecondFactor === true && !viewer.secondFactor) {
        throw new AppError(
          'failed-precondition',
          'Turn on your own second factor first (in your profile), then ask it of the staff',
        );
      }
      return options.site.update(viewer, request.body);
    },
  );
}
