import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailBody,
  emailSentResponse,
  passwordPolicyResponse,
  resetPasswordBody,
  secondFactorBody,
  sessionResponse,
  signInBody,
  signInResponse,
  signUpBody,
  tokenBody,
  userResponse,
} from '../../../../shared/accounts.js';
import type { SecondFactorService } from '../second-factor/service.js';
import { errorResponse, errorResponses, noQuery } from '../../../core/http.js';
import type { Live } from '../../../core/live.js';
import { liveSessionKeyOf } from '../../../core/session-cookie.js';
import type { Auth } from '../better-auth/auth.js';
import { authLimits, signUpPerAddress } from '../limits.js';
import { policyDocument } from '../password-policy.js';
import type { AccountsService } from './service.js';
import { authHeaders, forwardCookies, presentSessionUser } from '../sessions/session-viewer.js';

const errors = errorResponses(400, 401, 403, 409, 429);

/** Sign-up, sign-in, sign-out and the emailed links (SPEC §4). */
export function registerAuthRoutes(
  app: FastifyInstance,
  options: {
    auth: Auth;
    service: AccountsService;
    secondFactor: SecondFactorService;
    live: Pick<Live, 'disconnectSession'>;
  },
) {
  const { auth, service, secondFactor, live } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  api.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The signed-in user, or null',
        querystring: noQuery,
        response: { 200: sessionResponse, 403: errorResponse },
      },
    },
    (request) => ({ user: request.viewer ? presentSessionUser(request.viewer) : null }),
  );

  api.get(
    '/api/auth/password-policy',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The rules a new password must meet',
        querystring: noQuery,
        response: { 200: passwordPolicyResponse },
      },
    },
    () => policyDocument,
  );

  api.post(
    '/api/auth/sign-up',
    {
      // A new account is shown nowhere kept, and has no session until it is verified.
      config: { stales: [], access: 'public', limit: authLimits['sign-up'] },
      schema: {
        tags,
        summary: 'Create an account; a verification link is emailed',
        description:
          'Answers the same whether or not the address already has an account. ' +
          `At most ${String(signUpPerAddress.points)} attempts per client address per hour; ` +
          'more answer `resource-exhausted`.',
        querystring: noQuery,
        body: signUpBody,
        response: { 200: emailSentResponse, ...errors },
      },
    },
    (request) => service.signUp(request, request.body),
  );

  api.post(
    '/api/auth/sign-in',
    {
      config: { stales: ['sessions'], access: 'public', limit: authLimits['sign-in'] },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        querystring: noQuery,
        body: signInBody,
        response: { 200: signInResponse, ...errors },
      },
    },
    (request, reply) => service.signIn(request, reply, request.body.email, request.body.password),
  );

  api.post(
    '/api/auth/second-factor',
    {
      config: { stales: ['sessions'], access: 'public', limit: authLimits['second-factor'] },
      schema: {
        tags,
        summary: 'Finish a sign-in with the second factor (an authenticator or recovery code)',
        description:
          'After a sign-in answered `secondFactor`, within 10 minutes, in the same browser. ' +
          'A code is accepted once; five wrong codes end that sign-in, ten lock the account ' +
          'for 15 minutes. `trustBrowser` skips the question in this browser for 30 days.',
        querystring: noQuery,
        body: secondFactorBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request, reply) => ({ user: await secondFactor.signIn(request, reply, request.body) }),
  );

  api.post(
    '/api/auth/sign-out',
    {
      config: { stales: ['sessions'], access: 'public', limit: authLimits['sign-out'] },
      schema: {
        tags,
        summary: 'End this session',
        querystring: noQuery,
        response: { 204: z.null(), 403: errorResponse },
      },
    },
    async (request, reply) => {
      if (request.viewer) {
        const { headers } = await auth.api.signOut({
          headers: authHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(reply, headers);
        // Every tab of this browser stops hearing the member's chat and notifications at once.
        const session = liveSessionKeyOf(request.cookies);
        if (session !== undefined) live.disconnectSession(session);
      }
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/auth/verify-email',
    {
      config: { stales: ['sessions'], access: 'public', limit: authLimits['verify-email'] },
      schema: {
        tags,
        summary: 'Follow an email verification link; signs the user in',
        querystring: noQuery,
        body: tokenBody,
        response: { 200: signInResponse, ...errors },
      },
    },
    (request, reply) => service.verifyEmail(request, reply, request.body.token),
  );

  api.post(
    '/api/auth/verify-email/resend',
    {
      config: { stales: [], access: 'public', limit: authLimits['verify-email/resend'] },
      schema: {
        tags,
        summary: 'Send the verification link again (to the signed-in user, or to an address)',
        querystring: noQuery,
        body: emailBody.partial(),
        response: { 200: emailSentResponse, ...errors },
      },
    },
    (request) => service.resendVerification(request.viewer, request.body.email),
  );

  api.post(
    '/api/auth/password-reset/request',
    {
      config: { stales: [], access: 'public', limit: authLimits['password-reset/request'] },
      schema: {
        tags,
        summary: 'Email a password reset link (valid 1 hour)',
        querystring: noQuery,
        body: emailBody,
        response: { 200: emailSentResponse, ...errors },
      },
    },
    (request) => service.requestPasswordReset(request.body.email),
  );

  api.post(
    '/api/auth/password-reset',
    {
      // A new password ends the account's other sessions.
      config: { stales: ['sessions'], access: 'public', limit: authLimits['password-reset'] },
      schema: {
        tags,
        summary: 'Choose a new password with a reset link; signs out every session',
        querystring: noQuery,
        body: resetPasswordBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/auth/magic-link',
    {
      config: { stales: [], access: 'public', limit: authLimits['magic-link'] },
      schema: {
        tags,
        summary: 'Email a sign-in link (valid 15 minutes)',
        querystring: noQuery,
        body: emailBody,
        response: { 200: emailSentResponse, ...errors },
      },
    },
    (request) => service.requestMagicLink(request, request.body.email),
  );

  api.post(
    '/api/auth/magic-link/verify',
    {
      config: { stales: ['sessions'], access: 'public', limit: authLimits['magic-link/verify'] },
      schema: {
        tags,
        summary: 'Sign in with an emailed link',
        querystring: noQuery,
        body: tokenBody,
        response: { 200: signInResponse, ...errors },
      },
    },
    (request, reply) => service.verifyMagicLink(request, reply, request.body.token),
  );
}
