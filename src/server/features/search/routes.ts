import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  openResultParams,
  openResultResponse,
  quickSearchQuery,
  quickSearchResponse,
  searchLimits,
  searchQuery,
  searchResponse,
} from '../../../shared/search.js';
import type { Db } from '../../platform/db/database.js';
import { errorResponses, noQuery } from '../../core/http.js';
import { perMinute, type RouteLimit } from '../../core/route-limits.js';
import { createSearchService } from './service.js';

const tags = ['search'];
const syntax =
  'Words are matched by their stem in English ("reviewing" finds "reviews"); "quoted words" ' +
  'match as a phrase, -word excludes a word, OR between words finds either. A title weighs ' +
  'more than a body; recent and liked content rises a little among close matches.';

/**
 * Each query costs the database a ranking of up to 200 matches per category, and the server
 * keeps no answers (the browser keeps each for 30 s), so every query counts. The quick search
 * asks once the reader stops typing for 200 ms: someone typing and refining asks a few dozen
 * times a minute, a page of results and its tabs a few more. Moderators, who search hidden
 * content while they work, are counted per address only.
 */
export const searchLimit: RouteLimit = {
  name: 'search',
  doing: 'searching',
  account: perMinute(60),
  ip: perMinute(300),
  exempt: 'content.moderate',
};

/** Search: one endpoint per way of asking (a category's page, the quick search, opening a result). */
export function registerSearch(app: FastifyInstance, deps: { db: Db }) {
  const search = createSearchService(deps.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/search',
    {
      config: { access: 'public', limit: searchLimit },
      schema: {
        tags,
        summary: 'Search one category (posts, films, replies, news, people, chat) with every count',
        description:
          `${syntax} Each category ranks its newest ${searchLimits.candidates} matches and ` +
          `counts up to them (\`capped\` past that). Chat is searched by members with a ` +
          'verified email. `hidden` (moderators) includes hidden content and blocked ' +
          "members' content, or shows only it. A filter a category cannot apply (a rating " +
          'on people) leaves that category empty. Films (live ones, never one merged into ' +
          'another) are matched by a word or a near miss of their title or original title, ' +
          'diacritics, case and a leading article ignored, and take no filter.',
        querystring: searchQuery,
        response: { 200: searchResponse, ...errorResponses(400, 403, 429) },
      },
    },
    (request) => search.search(request.viewer, request.query),
  );

  api.get(
    '/api/search/quick',
    {
      config: { access: 'public', limit: searchLimit },
      schema: {
        tags,
        summary: `The best ${searchLimits.quickPerCategory} results of each category, while typing`,
        description: syntax,
        querystring: quickSearchQuery,
        response: { 200: quickSearchResponse, ...errorResponses(400, 429) },
      },
    },
    (request) => search.quick(request.viewer, request.query.q),
  );

  api.get(
    '/api/search/open/:category/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Where a search result lives now (a reply: its thread at that reply)',
        description:
          'Not found when the result is gone or the reader may no longer see it, and for an ' +
          'unknown category.',
        querystring: noQuery,
        params: openResultParams,
        response: { 200: openResultResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => search.open(request.viewer, request.params.category, request.params.id),
  );
}
