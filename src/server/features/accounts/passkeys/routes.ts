import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeyBody,
  passkeySecondFactorBody,
  passkeySignInBody,
} from '../../../../shared/passkey-answers.js';
import {
  passkeyIdParams,
  passkeyOptionsBody,
  passkeyOptionsResponse,
  passkeyResponse,
  passkeysResponse,
  userResponse,
} from '../../../../shared/accounts.js';
import { errorResponses, noQuery } from '../../../core/http.js';
import { viewerOf } from '../../../core/access.js';
import { accountLimits, authLimits } from '../limits.js';
import type { PasskeyService } from './service.js';
import type { SecondFactorService } from '../second-factor/service.js';

const errors = errorResponses(400, 401, 403, 404, 412, 429);
const ceremony =
  'The browser answers with `navigator.credentials` (for example `@simplewebauthn/browser`); ' +
  'the challenge lives 5 minutes, in a cookie of this browser, and works once.';

/** Passkeys: a member's own (/user-profile), signing in with one, and the second step. */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  options: { passkeys: PasskeyService; secondFactor: SecondFactorService },
) {
  const { passkeys, secondFactor } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const own = { stales: [], access: 'signed-in', limit: accountLimits.passkeys } as const;
  const visitor = { stales: [], access: 'public', limit: authLimits.passkey } as const;

  api.get(
    '/api/account/passkeys',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'The passkeys of the member signed in, oldest first',
        querystring: noQuery,
        response: { 200: passkeysResponse, ...errors },
      },
    },
    async (request) => ({ passkeys: await passkeys.list(viewerOf(request)) }),
  );

  api.post(
    '/api/account/passkeys/options',
    {
      config: own,
      schema: {
        tags: ['account'],
        summary: 'Start adding a passkey (needs the password, when the account has one)',
        description: `${ceremony} An account without a password must have signed in within the hour.`,
        querystring: noQuery,
        body: passkeyOptionsBody,
        response: { 200: passkeyOptionsResponse, ...errors },
      },
    },
    (request, reply) =>
      passkeys.registrationOptions(request, reply, viewerOf(request), request.body.password),
  );

  api.post(
    '/api/account/passkeys',
    {
      config: own,
      schema: {
        tags: ['account'],
        summary: 'Add the passkey the browser created for the last challenge',
        description: 'The audit log tells it.',
        querystring: noQuery,
        body: addPasskeyBody,
        response: { 201: passkeyResponse, ...errors },
      },
    },
    async (request, reply) => {
      const passkey = await passkeys.add(request, viewerOf(request), request.body);
      return reply.status(201).send({ passkey });
    },
  );

  api.delete(
    '/api/account/passkeys/:id',
    {
      config: own,
      schema: {
        tags: ['account'],
        summary: 'Remove a passkey (never the last way in)',
        params: passkeyIdParams,
        querystring: noQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await passkeys.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/auth/passkey/options',
    {
      config: visitor,
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a passkey',
        description: ceremony,
        querystring: noQuery,
        response: { 200: passkeyOptionsResponse, ...errors },
      },
    },
    (request, reply) => passkeys.signInOptions(request, reply),
  );

  api.post(
    '/api/auth/passkey',
    {
      config: { ...visitor, stales: ['sessions'] },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey',
        description:
          'The device must have checked it was the member (fingerprint, face or PIN): a ' +
          'passkey counts as both factors, so no code is asked.',
        querystring: noQuery,
        body: passkeySignInBody,
        response: { 200: userResponse, ...errors },
      },
    },
    (request, reply) => passkeys.signIn(request, reply, request.body.response),
  );

  api.post(
    '/api/auth/second-factor/passkey/options',
    {
      config: { stales: [], access: 'public', limit: authLimits['second-factor'] },
      schema: {
        tags: ['auth'],
        summary: 'Start the second step of a sign-in with a passkey instead of a code',
        description: `After a sign-in answered \`secondFactor\`. ${ceremony}`,
        querystring: noQuery,
        response: { 200: passkeyOptionsResponse, ...errors },
      },
    },
    (request, reply) => secondFactor.passkeyOptions(request, reply),
  );

  api.post(
    '/api/auth/second-factor/passkey',
    {
      config: { stales: ['sessions'], access: 'public', limit: authLimits['second-factor'] },
      schema: {
        tags: ['auth'],
        summary: "Finish a sign-in with one of the member's passkeys instead of a code",
        description: '`trustBrowser` skips the question in this browser for 30 days.',
        querystring: noQuery,
        body: passkeySecondFactorBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request, reply) => ({
      user: await secondFactor.signInWithPasskey(request, reply, request.body),
    }),
  );
}
