import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../../shared/errors.js';
import { isServiceUnreachable } from '../platform/unreachable.js';
import { requestTimedOut, writeEnvelope } from './connections.js';

/**
 * The one error handler: every failure leaves the server as the catalogue's envelope. Known
 * framework errors (bad JSON, wrong content type, body too large, schema validation) get their
 * catalogued code; anything else is logged with the request id and answered as `internal`.
 */
const frameworkErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'invalid-argument',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid-argument',
    message: 'The request body is empty but its content type says JSON',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'invalid-argument',
    message: 'Unsupported content type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid-argument',
    message: 'The Content-Length header does not match the body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'out-of-range', message: 'The request body is too large' },
  FST_ERR_BAD_URL: { code: 'invalid-argument', message: 'The request URL is malformed' },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'out-of-range',
    message: 'A part of the request path is too long',
  },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'invalid-argument', message: 'The request is malformed' },
};

const byStatus: Partial<Record<number, ErrorCode>> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  405: 'invalid-argument',
  409: 'aborted',
  413: 'out-of-range',
  415: 'invalid-argument',
  429: 'resource-exhausted',
  503: 'unavailable',
};

/** How long a client is asked to wait while the database or Redis is out of reach. */
const outageRetrySeconds = 5;

/** A service the server needs is out of reach: not the client's doing, and brief (decision 040). */
const serviceUnavailable = () =>
  new AppError('unavailable', 'The site cannot reach its data just now. Try again in a moment.', {
    retryAfterSeconds: outageRetrySeconds,
  });

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      in: error.validationContext,
      path: issue.instancePath,
      message: issue.message,
    }));
    const first = issues[0];
    const field = first?.path.replace(/^\//, '').replaceAll('/', '.');
    const where = field ? `${first?.in}.${field}` : String(first?.in ?? 'request');
    return new AppError('invalid-argument', `Invalid ${where}: ${first?.message ?? 'invalid'}`, {
      issues,
    });
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? frameworkErrors[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = byStatus[status] ?? 'invalid-argument';
    return new AppError(code, fastifyError.message ?? 'Bad request');
  }
  // After the client's own errors: a client that hangs up mid-body is ECONNRESET too.
  if (isServiceUnreachable(error)) return serviceUnavailable();
  return undefined;
}

/** A rate limit and an outage tell the client when to retry (RFC 9110 Retry-After). */
function retryAfterSeconds(error: AppError): number | undefined {
  if (error.code !== 'resource-exhausted' && error.code !== 'unavailable') return undefined;
  const details = error.details as { retryAfterSeconds?: unknown } | undefined;
  return typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : undefined;
}

/**
 * Errors Fastify meets before a route is found (a URL that is not valid percent-encoded UTF-8,
 * a path part longer than the router's limit) skip the error handler: answered here in the
 * same envelope, with the request id the onRequest hook would have set.
 */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = toAppError(error) ?? new AppError('internal', 'Something went wrong on our side');
  if (known.status >= 500) request.log.error({ err: error }, known.message);
  void reply
    .headers({ 'x-request-id': request.id, 'x-content-type-options': 'nosniff' })
    .status(known.status)
    .send(known.toEnvelope());
}

/** Requests Node's HTTP parser refuses never reach Fastify: the answer is written to the socket. */
const clientErrors: Record<string, AppError> = {
  HPE_HEADER_OVERFLOW: new AppError('out-of-range', 'The request headers are too large'),
  ERR_HTTP_REQUEST_TIMEOUT: requestTimedOut,
  HPE_INVALID_METHOD: new AppError('invalid-argument', 'The request method is not known'),
};
const malformedRequest = new AppError('invalid-argument', 'The request is malformed');

function answerClientError(error: Error & { code?: string }, socket: Socket) {
  // A connection the client reset or already closed has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  writeEnvelope(socket, (error.code ? clientErrors[error.code] : undefined) ?? malformedRequest);
}

/** Fastify's constructor options that route its early errors to the catalogue's envelope. */
export const earlyErrorOptions = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      const retryAfter = retryAfterSeconds(known);
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
      return reply.status(known.status).send(known.toEnvelope());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(new AppError('internal', 'Something went wrong on our side').toEnvelope());
  });
}
