import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, reactionResponse } from '../../../../shared/forum.js';
import { reportBody } from '../../../../shared/reports.js';
import { errorResponses, noQuery } from '../../../core/http.js';
import type { createReactionService } from './reactions.js';
import type { createReportService } from './reports.js';
import type { Viewer } from '../../../core/viewer.js';
import { viewerOf } from '../../../core/access.js';
import {
  anyThreadAndLists,
  threadAndLists,
  threadListsAndCategories,
} from '../../../core/stale.js';
import { forumRouteLimits } from '../limits.js';

type ReportBody = z.output<typeof reportBody>;
const reportedResponse = z.object({ status: z.literal('reported') });
const writeErrors = errorResponses(400, 401, 403, 404, 412, 429);
const tags = ['forum'];

/** Likes (PUT/DELETE …/reaction) and reports (POST …/report) of threads and of replies. */
export function registerFeedbackRoutes(
  app: FastifyInstance,
  services: {
    reactions: ReturnType<typeof createReactionService>;
    reports: ReturnType<typeof createReportService>;
  },
) {
  const { reactions, reports } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const targets = [
    {
      collection: 'posts',
      noun: 'thread',
      react: (viewer: Viewer, id: number, on: boolean) => reactions.postReaction(viewer, id, on),
      report: (viewer: Viewer, id: number, body: ReportBody) =>
        reports.reportPost(viewer, id, body),
    },
    {
      collection: 'comments',
      noun: 'reply',
      react: (viewer: Viewer, id: number, on: boolean) => reactions.commentReaction(viewer, id, on),
      report: (viewer: Viewer, id: number, body: ReportBody) =>
        reports.reportComment(viewer, id, body),
    },
  ] as const;

  for (const { collection, noun, react, report } of targets) {
    for (const [method, on] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      api.route({
        method,
        url: `/api/forum/${collection}/:id/reaction`,
        config: {
          access: { permission: 'content.write' },
          limit: forumRouteLimits.react,
          // A reply's thread is not in its address: its like reaches every thread.
          stales: collection === 'posts' ? threadAndLists : anyThreadAndLists,
        },
        schema: {
          tags,
          summary: on
            ? `Like a ${noun} (idempotent)`
            : `Take back your like of a ${noun} (idempotent)`,
          querystring: noQuery,
          params: idParams,
          response: { 200: reactionResponse, ...writeErrors },
        },
        handler: (request) => react(viewerOf(request), request.params.id, on),
      });
    }

    api.post(
      `/api/forum/${collection}/:id/report`,
      {
        config: {
          access: { permission: 'content.write' },
          limit: forumRouteLimits.report,
          // Enough reports hide the thread or reply pending review.
          stales: collection === 'posts' ? threadListsAndCategories : anyThreadAndLists,
        },
        schema: {
          tags,
          summary: `Report a ${noun} to the moderators (once while your report is open)`,
          querystring: noQuery,
          params: idParams,
          body: reportBody,
          response: { 200: reportedResponse, 201: reportedResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const result = await report(viewerOf(request), request.params.id, request.body);
        return reply.status(result === 'created' ? 201 : 200).send({ status: 'reported' });
      },
    );
  }
}
