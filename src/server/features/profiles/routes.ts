import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  profileDetailsResponse,
  profileReviewLimits,
  profileReviewsQuery,
  profileReviewsResponse,
  publicProfileResponse,
  updateProfileDetailsBody,
} from '../../../shared/profiles.js';
import { singleLineText } from '../../../shared/text.js';
import { errorResponses, noQuery } from '../../core/http.js';
import type { Db } from '../../platform/db/database.js';
import { createProfilesService, publishesProfile } from './service.js';
import { viewerOf } from '../../core/access.js';
import { everything } from '../../core/stale.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';

const profileLimit = memberLimit('profile', 'editing your profile', perMinute(20));

/** Public profile pages and the signed-in user's profile details. */
export function registerProfileRoutes(app: FastifyInstance, options: { db: Db }): void {
  const service = createProfilesService(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];
  const usernameParams = z.object({ username: singleLineText().min(1).max(64) });

  api.get(
    '/api/profiles/:username',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A member's public profile: bio, role, join date, counts, and whether blocked",
        querystring: noQuery,
        params: usernameParams,
        response: { 200: publicProfileResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ profile: await service.byUsername(request.params.username) }),
  );

  api.get(
    '/api/profiles/:username/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A member's reviews as a diary, newest first, and how many they gave each rating",
        description:
          `${profileReviewLimits.pageSize} reviews a page. Visible reviews only (neither ` +
          'hidden nor deleted), listed and counted alike; `spread[0]` counts the 1/10 ratings.',
        querystring: profileReviewsQuery,
        params: usernameParams,
        response: { 200: profileReviewsResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => service.reviews(request.params.username, request.query.page),
  );

  api.get(
    '/api/account/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your profile as others see it',
        querystring: noQuery,
        response: { 200: profileDetailsResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ profile: await service.own(viewerOf(request)) }),
  );

  api.patch(
    '/api/account/profile',
    {
      config: {
        access: { permission: 'content.write' },
        limit: profileLimit,
        publishes: publishesProfile,
        // The avatar is beside everything the member wrote.
        stales: everything,
      },
      schema: {
        tags,
        summary: 'Change your bio, location, favourite films or avatar (an image you uploaded)',
        querystring: noQuery,
        body: updateProfileDetailsBody,
        response: { 200: profileDetailsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      profile: await service.update(viewerOf(request), request.body),
    }),
  );
}
