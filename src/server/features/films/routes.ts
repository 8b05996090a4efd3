import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createFilmBody,
  filmCreatedResponse,
  filmDuplicatesResponse,
  filmFollowResponse,
  filmIndexQuery,
  filmIndexResponse,
  filmPageQuery,
  filmResponse,
  filmSuggestQuery,
  filmSuggestResponse,
  mergeFilmBody,
  updateFilmBody,
  filmSummarySchema,
} from '../../../shared/films.js';
import { idParams } from '../../../shared/forum.js';
import { z } from 'zod';
import { viewerOf } from '../../core/access.js';
import { errorResponses, noQuery } from '../../core/http.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';
import { everything } from '../../core/stale.js';
import type { FilmService } from './service.js';

/** Adding films: a member adds a few while writing reviews, never dozens a minute. */
export const filmRouteLimits = {
  create: memberLimit('films', 'adding films', perMinute(10)),
  edit: memberLimit('film-edits', 'editing films', perMinute(60)),
  follow: memberLimit('film-follows', 'following films', perMinute(60)),
};

const readErrors = errorResponses(400, 404);
const writeErrors = errorResponses(400, 401, 403, 404);
const filmAnswer = z.object({ film: filmSummarySchema });

/**
 * Films: public reading, members adding and following, experienced moderators and admins
 * editing and merging.
 */
export function registerFilmRoutes(app: FastifyInstance, films: FilmService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['films'];
  const editing = { access: { permission: 'films.edit' }, limit: filmRouteLimits.edit } as const;
  // A merge or a rename changes the film's reviews' threads, lists and search: everything.
  const changesReviews = { stales: everything } as const;

  api.get(
    '/api/films',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The films index: most reviewed, best rated (a weighted average: the ratings plus five at the site mean), recently reviewed or A–Z; by year or decade; a search',
        querystring: filmIndexQuery,
        response: { 200: filmIndexResponse, ...readErrors },
      },
    },
    (request) => films.index(request.query),
  );

  api.get(
    '/api/films/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Films whose title starts with or holds the text typed, for the review form',
        querystring: filmSuggestQuery,
        response: { 200: filmSuggestResponse, ...readErrors },
      },
    },
    (request) => films.suggest(request.query.q),
  );

  api.get(
    '/api/films/duplicates',
    {
      config: { access: { permission: 'films.edit' } },
      schema: {
        tags,
        summary: 'Possible duplicates: the same normalised title, years within one',
        querystring: noQuery,
        response: { 200: filmDuplicatesResponse, ...writeErrors },
      },
    },
    () => films.duplicates(),
  );

  api.get(
    '/api/films/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A film with its average, histogram and a page of its visible reviews; a film merged away answers the film it became (its `id` then differs)',
        querystring: filmPageQuery,
        params: idParams,
        response: { 200: filmResponse, ...readErrors },
      },
    },
    (request) => films.read(request.viewer, request.params.id, request.query),
  );

  api.post(
    '/api/films',
    {
      config: {
        access: { permission: 'content.write' },
        limit: filmRouteLimits.create,
        stales: ['films'],
      },
      schema: {
        tags,
        summary:
          'Add a film (title and year); answers the existing film (200, `created: false`) when one of the same normalised title and year is there',
        querystring: noQuery,
        body: createFilmBody,
        response: { 200: filmCreatedResponse, 201: filmCreatedResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const answer = await films.create(viewerOf(request), request.body);
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  );

  api.patch(
    '/api/films/:id',
    {
      config: { ...editing, ...changesReviews },
      schema: {
        tags,
        summary: "Edit a film's details and poster (experienced moderators and admins)",
        querystring: noQuery,
        params: idParams,
        body: updateFilmBody,
        response: { 200: filmAnswer, ...writeErrors },
      },
    },
    (request) => films.update(viewerOf(request), request.params.id, request.body),
  );

  // Following changes no public page: nothing goes stale.
  const following = {
    config: { access: 'signed-in', limit: filmRouteLimits.follow, stales: [] },
    schema: {
      tags,
      querystring: noQuery,
      params: idParams,
      response: { 200: filmFollowResponse, ...writeErrors },
    },
  } as const;
  api.put(
    '/api/films/:id/follow',
    {
      ...following,
      schema: {
        ...following.schema,
        summary:
          'Follow a film: hear of its new reviews (a film merged away: the film it became); answers whether you follow it',
      },
    },
    (request) => films.setFollowing(viewerOf(request), request.params.id, true),
  );
  api.delete(
    '/api/films/:id/follow',
    {
      ...following,
      schema: { ...following.schema, summary: 'Stop following a film' },
    },
    (request) => films.setFollowing(viewerOf(request), request.params.id, false),
  );

  api.post(
    '/api/films/:id/merge',
    {
      config: { ...editing, ...changesReviews },
      schema: {
        tags,
        summary:
          'Merge a duplicate film into another: its reviews move and its address redirects (experienced moderators and admins)',
        querystring: noQuery,
        params: idParams,
        body: mergeFilmBody,
        response: { 200: filmAnswer, ...writeErrors },
      },
    },
    (request) => films.merge(viewerOf(request), request.params.id, request.body.intoId),
  );
}
