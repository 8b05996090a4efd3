import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/forum.js';
import { myReportsQuery, myReportsResponse } from '../../../shared/reports.js';
import {
  moderateCommentBody,
  moderatePostBody,
  moderationResultResponse,
} from '../../../shared/moderation-actions.js';
import { reviewQueueQuery, reviewQueueResponse } from '../../../shared/review-queue.js';
import { errorResponses, noQuery } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import { createModerationActions } from './service.js';
import { myReports } from './my-reports.js';
import { reviewQueue } from './queue.js';
import { viewerOf } from '../../core/access.js';
import { anyThreadAndLists, threadListsAndCategories } from '../../core/stale.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';

const moderationLimit = memberLimit('moderation', 'moderating', perMinute(60));

const tags = ['moderation'];
const actionErrors = errorResponses(400, 401, 403, 404, 412);

/** The review queue, moderators' actions on threads and replies, and a reporter's own reports. */
export function registerModerationRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const actions = createModerationActions(db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/moderation/reports',
    {
      config: { access: { permission: 'content.moderate' } },
      schema: {
        tags,
        summary: 'Open reports grouped by item, oldest first, with the author and their history',
        querystring: reviewQueueQuery,
        response: { 200: reviewQueueResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => reviewQueue(db, request.query),
  );

  api.post(
    '/api/moderation/posts/:id',
    {
      config: {
        access: { permission: 'content.moderate' },
        limit: moderationLimit,
        stales: threadListsAndCategories,
      },
      schema: {
        tags,
        summary:
          'Act on a thread: dismiss its reports, hide, restore, lock, unlock, pin, unpin, move or purge',
        description:
          'A move changes only the category: a review moved out of Reviews keeps its film and ' +
          'rating, unshown until it is moved back.',
        querystring: noQuery,
        params: idParams,
        body: moderatePostBody,
        response: { 200: moderationResultResponse, ...actionErrors },
      },
    },
    (request) => actions.moderatePost(viewerOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/moderation/comments/:id',
    {
      // A reply's thread is not in its address.
      config: {
        access: { permission: 'content.moderate' },
        limit: moderationLimit,
        stales: anyThreadAndLists,
      },
      schema: {
        tags,
        summary: 'Act on a reply: dismiss its reports, hide, restore or purge',
        querystring: noQuery,
        params: idParams,
        body: moderateCommentBody,
        response: { 200: moderationResultResponse, ...actionErrors },
      },
    },
    (request) => actions.moderateComment(viewerOf(request), request.params.id, request.body),
  );

  api.get(
    '/api/reports/mine',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your reports, newest first, and what became of each',
        querystring: myReportsQuery,
        response: { 200: myReportsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => myReports(db, viewerOf(request).id, request.query),
  );
}
