import { unauthenticated } from '../../../../shared/errors.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPostBody,
  idParams,
  postListQuery,
  postListResponse,
  postResponse,
  revisionListResponse,
  updatePostBody,
} from '../../../../shared/forum.js';
import { errorResponses, noQuery, sendSerialized } from '../../../core/http.js';
import type { PostService } from './service.js';
import { viewerOf } from '../../../core/access.js';
import { threadListsAndCategories } from '../../../core/stale.js';
import { forumRouteLimits } from '../limits.js';

const readErrors = errorResponses(400, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 412, 429);
const tags = ['forum'];

/** Threads: the list, a thread, writing, editing, deleting, revisions (likes and reports: feedback-routes.ts). */
export function registerPostRoutes(
  app: FastifyInstance,
  services: {
    posts: PostService;
  },
) {
  const { posts } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/forum/posts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Threads, pinned first, by latest activity, newest or top; cursor pages',
        querystring: postListQuery,
        response: { 200: postListResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      if (request.viewer) return posts.listFor(request.viewer, request.query);
      if (request.query.filter === 'new') throw unauthenticated();
      return sendSerialized(reply, await posts.listJson(request.query));
    },
  );

  api.post(
    '/api/forum/posts',
    {
      config: {
        access: { permission: 'content.write' },
        limit: forumRouteLimits.thread,
        publishes: true,
        stales: ['forum-lists', 'forum-categories', 'users'],
      },
      schema: {
        tags,
        summary: 'Start a thread (Markdown body, rendered once and stored with its source)',
        querystring: noQuery,
        body: createPostBody,
        response: { 201: postResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const post = await posts.create(viewerOf(request), request.body);
      return reply.status(201).send({ post });
    },
  );

  api.get(
    '/api/forum/posts/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One thread (a tombstone when deleted); counts a view once per viewer per hour',
        querystring: noQuery,
        params: idParams,
        response: { 200: postResponse, ...readErrors },
      },
    },
    async (request) => {
      const viewer = request.viewer;
      const viewerKey = viewer ? `u:${viewer.id}` : `ip:${request.ip}`;
      return { post: await posts.read(viewer, request.params.id, viewerKey) };
    },
  );

  api.patch(
    '/api/forum/posts/:id',
    {
      config: {
        access: { permission: 'content.write' },
        limit: forumRouteLimits.edit,
        publishes: true,
        stales: threadListsAndCategories,
      },
      schema: {
        tags,
        summary: 'Edit a thread (its author, or experienced moderators); keeps a revision',
        description:
          'A film title and a rating are taken only in Reviews. In another category they are ' +
          'neither shown nor changed (null is ignored): a review moved there keeps them stored, ' +
          'and shows them again once it is back in Reviews.',
        querystring: noQuery,
        params: idParams,
        body: updatePostBody,
        response: { 200: postResponse, ...writeErrors },
      },
    },
    async (request) => ({
      post: await posts.update(viewerOf(request), request.params.id, request.body),
    }),
  );

  api.delete(
    '/api/forum/posts/:id',
    {
      config: {
        access: { permission: 'content.write' },
        limit: forumRouteLimits.edit,
        stales: threadListsAndCategories,
      },
      schema: {
        tags,
        summary: 'Delete your own thread (soft: it becomes a tombstone)',
        querystring: noQuery,
        params: idParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await posts.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/forum/posts/:id/revisions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A thread's earlier versions, newest first",
        querystring: noQuery,
        params: idParams,
        response: { 200: revisionListResponse, ...readErrors },
      },
    },
    async (request) => ({
      revisions: await posts.revisions(request.viewer, request.params.id),
    }),
  );
}
