import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../shared/errors.js';
import { singleLineText } from '../../shared/text.js';

/** Routes without query parameters still validate them: an unknown parameter is an error. */
export const noQuery = z.object({}).strict();

/** The longest path part the router matches as a parameter; longer ones are refused. */
export const maxParamLength = 200;

/** Accounts, sessions and uploads are named by text ids in the path. */
export const textIdParams = z.object({ id: singleLineText().min(1).max(100) });

/** The error envelope for route response schemas (documented in OpenAPI). */
export const errorResponse = errorEnvelopeSchema;

/** The error envelope documented for each listed status, e.g. `errorResponses(400, 401)`. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    S,
    typeof errorResponse
  >;
}

/**
 * Answers with JSON that was serialised (and validated against the route's schema) earlier, as
 * a cache keeps it: Fastify sends a string with a JSON content type as it is.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
