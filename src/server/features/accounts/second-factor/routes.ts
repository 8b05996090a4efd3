import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recoveryCodesResponse,
  secondFactorChangeBody,
  secondFactorConfirmBody,
  secondFactorSetupBody,
  secondFactorSetupResponse,
  secondFactorStatusResponse,
} from '../../../../shared/accounts.js';
import { errorResponses, noQuery } from '../../../core/http.js';
import { viewerOf } from '../../../core/access.js';
import { accountLimits } from '../limits.js';
import type { SecondFactorService } from './service.js';

const errors = errorResponses(400, 401, 403, 412, 429);

/** The member's own second factor (/user-profile): set up, confirm, turn off, new codes. */
export function registerSecondFactorRoutes(
  app: FastifyInstance,
  options: { secondFactor: SecondFactorService },
) {
  const { secondFactor } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  // Whether the second factor is on is part of every session check.
  const config = {
    stales: ['sessions'],
    access: 'signed-in',
    limit: accountLimits.secondFactor,
  } as const;

  api.get(
    '/api/account/second-factor',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Whether the second factor is on, and how many recovery codes are left',
        querystring: noQuery,
        response: { 200: secondFactorStatusResponse, ...errors },
      },
    },
    (request) => secondFactor.status(viewerOf(request)),
  );

  api.post(
    '/api/account/second-factor/setup',
    {
      config,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app',
        description:
          'Needs the password when the account has one; an account without one must have ' +
          'signed in within the hour. ' +
          'Answers the key (as an otpauth:// address for a QR code, and to type) and 10 ' +
          'recovery codes, shown this once. Nothing changes for signing in until a first code ' +
          'confirms it; starting again replaces an unconfirmed key.',
        querystring: noQuery,
        body: secondFactorSetupBody,
        response: { 200: secondFactorSetupResponse, ...errors },
      },
    },
    (request) => secondFactor.setup(request, viewerOf(request), request.body.password),
  );

  api.post(
    '/api/account/second-factor/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm the authenticator with its first code: every way in asks from now on',
        querystring: noQuery,
        body: secondFactorConfirmBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await secondFactor.confirm(request, reply, viewerOf(request), request.body.code);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/account/second-factor/disable',
    {
      config,
      schema: {
        tags,
        summary: 'Turn the second factor off (needs a current code)',
        description: 'And the password, when the account has one. The member is told by mail.',
        querystring: noQuery,
        body: secondFactorChangeBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await secondFactor.disable(request, reply, viewerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/account/second-factor/recovery-codes',
    {
      config,
      schema: {
        tags,
        summary: 'Make 10 new recovery codes (needs a current code)',
        description: 'And the password, when the account has one. The old codes stop working.',
        querystring: noQuery,
        body: secondFactorChangeBody,
        response: { 200: recoveryCodesResponse, ...errors },
      },
    },
    (request) => secondFactor.newRecoveryCodes(request, viewerOf(request), request.body),
  );
}
