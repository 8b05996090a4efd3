import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorCommentListResponse,
  commentPageResponse,
  commentResponse,
  createCommentBody,
  idParams,
  pageQuery,
  previewBody,
  previewResponse,
  revisionListResponse,
  updateCommentBody,
} from '../../../../shared/forum.js';
import { singleLineText } from '../../../../shared/text.js';
import { errorResponses, noQuery } from '../../../core/http.js';
import type { CommentService } from './service.js';
import { viewerOf } from '../../../core/access.js';
import { anyThreadAndLists, threadAndLists } from '../../../core/stale.js';
import { forumRouteLimits } from '../limits.js';

const readErrors = errorResponses(400, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 412, 429);
const tags = ['forum'];
const authorCommentQuery = pageQuery
  .extend({ author: singleLineText().trim().min(1).max(40) })
  .strict();

/** Replies: a thread's pages, writing, editing, deleting, revisions; the live preview (likes and reports: feedback-routes.ts). */
export function registerCommentRoutes(
  app: FastifyInstance,
  services: {
    comments: CommentService;
  },
) {
  const { comments } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/forum/posts/:id/comments',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A page of a thread's replies in time order (deleted ones as tombstones)",
        querystring: pageQuery,
        params: idParams,
        response: { 200: commentPageResponse, ...readErrors },
      },
    },
    (request) => comments.page(request.viewer, request.params.id, request.query),
  );

  api.post(
    '/api/forum/posts/:id/comments',
    {
      config: {
        access: { permission: 'content.write' },
        limit: forumRouteLimits.reply,
        publishes: true,
        stales: threadAndLists,
      },
      schema: {
        tags,
        summary: 'Reply to a thread, optionally quoting another reply of it',
        querystring: noQuery,
        params: idParams,
        body: createCommentBody,
        response: { 201: commentResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const comment = await comments.create(viewerOf(request), request.params.id, request.body);
      return reply.status(201).send({ comment });
    },
  );

  api.get(
    '/api/forum/comments',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A user's visible replies, newest first (profile pages)",
        querystring: authorCommentQuery,
        response: { 200: authorCommentListResponse, ...readErrors },
      },
    },
    (request) => comments.byAuthor(request.query),
  );

  api.patch(
    '/api/forum/comments/:id',
    {
      // A reply's thread is not in its address: its edit reaches every thread.
      config: {
        access: { permission: 'content.write' },
        limit: forumRouteLimits.edit,
        publishes: true,
        stales: anyThreadAndLists,
      },
      schema: {
        tags,
        summary: 'Edit a reply (its author, or experienced moderators); keeps a revision',
        querystring: noQuery,
        params: idParams,
        body: updateCommentBody,
        response: { 200: commentResponse, ...writeErrors },
      },
    },
    async (request) => ({
      comment: await comments.update(viewerOf(request), request.params.id, request.body),
    }),
  );

  api.get(
    '/api/forum/comments/:id/revisions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A reply's earlier versions, newest first",
        querystring: noQuery,
        params: idParams,
        response: { 200: revisionListResponse, ...readErrors },
      },
    },
    async (request) => ({
      revisions: await comments.revisions(request.viewer, request.params.id),
    }),
  );

  api.delete(
    '/api/forum/comments/:id',
    {
      config: {
        access: { permission: 'content.write' },
        limit: forumRouteLimits.edit,
        stales: anyThreadAndLists,
      },
      schema: {
        tags,
        summary: 'Delete your own reply (soft: a tombstone stays in the thread)',
        querystring: noQuery,
        params: idParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await comments.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/forum/preview',
    {
      config: { access: 'signed-in', stales: [], limit: forumRouteLimits.preview },
      schema: {
        tags,
        summary: "The editor's live preview: Markdown rendered exactly as it will be stored",
        querystring: noQuery,
        body: previewBody,
        response: { 200: previewResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ html: await comments.preview(request.body.body) }),
  );
}
