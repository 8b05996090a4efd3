import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chooseUsernameBody,
  identitiesResponse,
  identityProviderParams,
  identityProvidersResponse,
  providerCallbackQuery,
  providerLinkQuery,
  providerStartQuery,
  redirectResponse,
  userResponse,
} from '../../../../shared/accounts.js';
import { AppError, notFound } from '../../../../shared/errors.js';
import { errorResponses, noQuery } from '../../../core/http.js';
import type { Db } from '../../../platform/db/database.js';
import { viewerOf } from '../../../core/access.js';
import { everything } from '../../../core/stale.js';
import type { IdentitiesService } from './providers.js';
import { accountLimits, authLimits } from '../limits.js';
import * as repo from '../repo.js';

const errors = errorResponses(400, 401, 403, 404, 409, 412, 429);

/** Signing in with GitHub, Google or an OpenID Connect issuer, and the linked identities. */
export function registerIdentityRoutes(
  app: FastifyInstance,
  options: { db: Db; identities: IdentitiesService; origin: string },
) {
  const { db, identities, origin } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The identity providers members may sign in with',
        querystring: noQuery,
        response: { 200: identityProvidersResponse },
      },
    },
    () => ({ providers: identities.providers(), origin }),
  );

  api.get(
    '/api/auth/providers/:provider/start',
    {
      config: { stales: [], access: 'public', limit: authLimits.provider },
      schema: {
        tags: ['auth'],
        summary: 'Go to the provider to sign in (a navigation: answers 302)',
        description:
          'Opened in a 500×600 popup, or as the page itself when popups are blocked. The ' +
          'provider sends the browser back to /api/auth/callback/{provider}, which ends on ' +
          '/auth/provider-done. The state, PKCE verifier and nonce are bound to this browser.',
        params: identityProviderParams,
        querystring: providerStartQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const url = await identities.startSignIn(
        request,
        reply,
        request.params.provider,
        request.query,
      );
      return reply.redirect(url, 302);
    },
  );

  api.get(
    '/api/auth/callback/:provider',
    {
      config: { stales: [], access: 'public', limit: authLimits.provider },
      schema: {
        tags: ['auth'],
        summary: "The provider's answer (a navigation: answers 302 to /auth/provider-done)",
        description:
          'Register `{PUBLIC_URL}/api/auth/callback/{github|google|oidc}` with the provider. ' +
          'A forged or replayed state, a wrong or used code, an ID token from another issuer ' +
          'or audience, expired, or with another nonce, and an answer without an address end ' +
          'on /auth/provider-done with `error`, signing in, creating and linking nothing. An ' +
          'address that already has an account is never signed into: `error=account_not_linked`.',
        params: identityProviderParams,
        querystring: providerCallbackQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      const next = await identities.finish(request, reply, request.params.provider, query);
      return reply.redirect(next, 302);
    },
  );

  api.get(
    '/api/account/identities',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'The identity providers linked to this account',
        querystring: noQuery,
        response: { 200: identitiesResponse, ...errors },
      },
    },
    (request) => identities.identities(viewerOf(request)),
  );

  api.post(
    '/api/account/identities/:provider/link',
    {
      config: { stales: [], access: 'signed-in', limit: accountLimits.identities },
      schema: {
        tags: ['account'],
        summary: 'Start linking a provider: answers where the browser goes to prove it',
        description:
          'Linked on return when the provider vouches for the address (verified); it may ' +
          'differ from the account’s. An identity linked to another account is refused.',
        params: identityProviderParams,
        querystring: providerLinkQuery,
        response: { 200: redirectResponse, ...errors },
      },
    },
    async (request, reply) => ({
      url: await identities.startLink(
        request,
        reply,
        request.params.provider,
        request.query.popup === '1',
      ),
    }),
  );

  api.delete(
    '/api/account/identities/:provider',
    {
      config: { stales: [], access: 'signed-in', limit: accountLimits.identities },
      schema: {
        tags: ['account'],
        summary: 'Unlink a provider (never the last way in)',
        params: identityProviderParams,
        querystring: noQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await identities.unlink(viewerOf(request), request.params.provider);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/api/account/username',
    {
      config: {
        access: 'signed-in',
        limit: accountLimits.account,
        publishes: true,
        // A member's username links everything they wrote.
        stales: everything,
      },
      schema: {
        tags: ['account'],
        summary: 'Confirm or change the username made up for a newcomer from a provider (once)',
        querystring: noQuery,
        body: chooseUsernameBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const user = await repo.findUserById(db, viewer.id);
      if (!user) throw notFound('user');
      if (user.usernameChosen) {
        throw new AppError('failed-precondition', 'Your username is already chosen');
      }
      const { username } = request.body;
      const own = username.toLowerCase() === user.username;
      if (!own && (await repo.usernameTaken(db, username))) {
        throw new AppError('already-exists', 'That username is taken');
      }
      const row = await repo.chooseUsername(db, viewer.id, username);
      if (row === null) throw new AppError('already-exists', 'That username is taken');
      if (!row) throw new AppError('failed-precondition', 'Your username is already chosen');
      return { user: repo.presentUser(row) };
    },
  );
}
